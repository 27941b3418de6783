import type { ReactNode } from 'react';
import type { VideoItem } from '../../protocol/api.ts';
import { useTranslation } from '../i18n/index.ts';
import { formatCount, formatRelativeTime } from '../lib/format.ts';
import grid from './ui/grid.module.css';
import { Loading, Skeleton } from './ui/skeleton.tsx';
import { cardText, VideoLink, VideoThumb } from './video-card-parts.tsx';
import styles from './video-row.module.css';

/**
 * A compact video entry: poster on the left, title and counts on the right. Used wherever videos
 * are listed beside other content (recommendations, search results). `title` replaces the plain
 * title, e.g. with the search keyword highlighted; `action`, a button at the row's bottom right.
 */
export function VideoRow({ video, title, testId, action }: { video: VideoItem; title?: ReactNode; testId?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li data-testid={testId} data-video-id={video.id} className={action ? styles.withAction : undefined}>
      <VideoLink video={video} className={styles.item}>
        <VideoThumb video={video} sizes="(min-width: 825px) 168px, 40vw" durationClassName={styles.duration} />
        <div className={styles.text}>
          <h3 className={`${cardText.title} ${styles.title}`}>{title ?? video.title}</h3>
          <p className={`${cardText.meta} ${styles.meta}`}>
            {/* In a narrow column the line breaks at the dot, never inside the count or the date. */}
            <span className={styles.metaPart}>{t('counts.plays', { count: formatCount(video.playCount) })}</span> ·{' '}
            <span className={styles.metaPart}>{formatRelativeTime(video.createdAt)}</span>
          </p>
        </div>
      </VideoLink>
      {/* An action on the row (下载 in the favourites), beside the link rather than in it. */}
      {action ? <div className={styles.action}>{action}</div> : null}
    </li>
  );
}

interface RowLayout {
  /** Side by side on wider screens (two columns from 825 px, three from 1200 px) instead of one under the other. */
  grid?: boolean;
  className?: string;
}

function layoutClass({ grid: wide = false, className }: RowLayout): string {
  const base = wide ? `${grid.grid} ${styles.grid}` : `${styles.list}`;
  return className ? `${base} ${className}` : base;
}

/** The list around VideoRow entries. */
export function VideoRowList({ children, testId, ...layout }: RowLayout & { children: ReactNode; testId?: string }) {
  return (
    <ul className={layoutClass(layout)} data-testid={testId}>
      {children}
    </ul>
  );
}

/** Row-shaped placeholders, laid out as the list they stand for, while its first page loads. */
export function VideoRowListSkeleton({ count, ...layout }: RowLayout & { count: number }) {
  return (
    <Loading className={layoutClass(layout)} count={count}>
      <Skeleton className={styles.skeleton} />
    </Loading>
  );
}
