import type { MouseEvent } from 'react';
import type { VideoItem } from '../../../../protocol/api.ts';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { formatCount, formatDuration, formatRelativeTime } from '../../../lib/format.ts';
import styles from './video-card.module.css';

interface VideoCardProps {
  video: VideoItem;
  onOpen: (video: VideoItem) => void;
  /** The first row is above the fold: load it eagerly so it is not the LCP bottleneck. */
  eager?: boolean;
  /** Cards outside the paged list (home boxes) carry their own test id. */
  testId?: string;
}

const CARD_SIZES = '(min-width: 1240px) 240px, (min-width: 825px) 24vw, 50vw';

export function VideoCard({ video, onOpen, eager = false, testId = 'video-card' }: VideoCardProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's own behaviour (new tab, new window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(video);
  };

  return (
    <article className={styles.card} data-testid={testId} data-video-id={video.id}>
      <a className={styles.link} href={`/videoDetails?id=${video.id}`} onClick={open} title={video.title}>
        <div className={styles.thumb}>
          <MaskedImage
            path={video.cover}
            width={video.coverWidth || 640}
            height={video.coverHeight || 360}
            alt={video.title}
            className={styles.image}
            sizes={CARD_SIZES}
            loading={eager ? 'eager' : 'lazy'}
          />
          <span className={styles.duration}>{formatDuration(video.duration)}</span>
        </div>
        <h3 className={styles.title}>{video.title}</h3>
        <p className={styles.meta}>
          <span className={styles.plays}>
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
              <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.8-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" fill="currentColor" />
            </svg>
            {formatCount(video.playCount)}
          </span>
          <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
        </p>
      </a>
    </article>
  );
}
