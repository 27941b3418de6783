import type { VideoItem } from '../../../../protocol/api.ts';
import { cardText, VideoLink, VideoThumb } from '../../../components/video-card-parts.tsx';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
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
  return (
    <article className={styles.card} data-testid={testId} data-video-id={video.id}>
      <VideoLink video={video} onOpen={onOpen}>
        <VideoThumb video={video} sizes={CARD_SIZES} eager={eager} />
        <h3 className={cardText.title}>{video.title}</h3>
        <p className={cardText.meta}>
          <span className={styles.plays}>
            <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
              <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.8-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" fill="currentColor" />
            </svg>
            {formatCount(video.playCount)}
          </span>
          <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
        </p>
      </VideoLink>
    </article>
  );
}
