import type { MouseEvent, ReactNode } from 'react';
import type { VideoItem } from '../../protocol/api.ts';
import { formatCount, formatDuration, formatRelativeTime } from '../lib/format.ts';
import { openContent, useAppNavigate } from '../lib/navigation.ts';
import { MaskedImage } from './ui/masked-image.tsx';
import styles from './video-row.module.css';
import { useTranslation } from '../i18n/index.ts';

/**
 * A compact video entry: poster on the left, title and counts on the right. Used wherever videos
 * are listed beside other content (recommendations, search results). `title` replaces the plain
 * title, e.g. with the search keyword highlighted.
 */
export function VideoRow({ video, title, testId }: { video: VideoItem; title?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openContent(video, navigate);
  };
  return (
    <li data-testid={testId} data-video-id={video.id}>
      <a className={styles.item} href={`/videoDetails?id=${video.id}`} onClick={open} title={video.title}>
        <div className={styles.thumb}>
          <MaskedImage
            path={video.cover}
            width={video.coverWidth || 640}
            height={video.coverHeight || 360}
            alt={video.title}
            className={styles.image}
            sizes="(min-width: 825px) 168px, 40vw"
            loading="lazy"
          />
          <span className={styles.duration}>{formatDuration(video.duration)}</span>
        </div>
        <div className={styles.text}>
          <h3 className={styles.title}>{title ?? video.title}</h3>
          <p className={styles.meta}>
            {t('counts.plays', { count: formatCount(video.playCount) })} · {formatRelativeTime(video.createdAt)}
          </p>
        </div>
      </a>
    </li>
  );
}

/** The list around VideoRow entries. */
export function VideoRowList({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={className ? `${styles.list} ${className}` : styles.list}>{children}</ul>;
}
