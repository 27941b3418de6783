import type { VideoItem } from '../../../../protocol/api.ts';
import { cardText, VideoLink, VideoThumb } from '../../../components/video-card-parts.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
import styles from './topic-video-card.module.css';
import { useTranslation } from '../../../i18n/index.ts';

export type TopicCardVariant = 'tile' | 'hero' | 'large' | 'rail' | 'feature' | 'split';

/** Image `sizes` per variant, so the browser picks a fitting file for the slot. */
const SIZES: Record<TopicCardVariant, string> = {
  tile: '(min-width: 825px) 280px, 50vw',
  hero: '(min-width: 825px) 600px, 100vw',
  large: '(min-width: 825px) 380px, 100vw',
  rail: '(min-width: 825px) 260px, 60vw',
  feature: '(min-width: 825px) 1150px, 100vw',
  split: '(min-width: 825px) 250px, 50vw',
};

/** A video of a topic; the variant sets its size and whether text sits on or under the poster. */
export function TopicVideoCard({ video, variant, eager = false }: { video: VideoItem; variant: TopicCardVariant; eager?: boolean }) {
  const { t } = useTranslation();
  const overlay = variant === 'hero' || variant === 'feature';
  const plays = t('counts.plays', { count: formatCount(video.playCount) });
  return (
    <article className={`${styles.card} ${styles[variant]}`} data-testid="topic-video" data-video-id={video.id} data-variant={variant}>
      <VideoLink video={video} className={styles.link}>
        <VideoThumb
          video={video}
          sizes={SIZES[variant]}
          eager={eager}
          alt={overlay ? '' : video.title}
          className={styles.thumb}
          durationClassName={styles.duration}
        >
          {overlay ? (
            <div className={styles.overlay}>
              <h3 className={`${cardText.title} ${styles.title}`}>{video.title}</h3>
              <p className={`${cardText.meta} ${styles.meta}`}>
                {plays} · {formatRelativeTime(video.createdAt)}
              </p>
            </div>
          ) : null}
        </VideoThumb>
        {overlay ? null : (
          <>
            <h3 className={`${cardText.title} ${styles.title}`}>{video.title}</h3>
            <p className={`${cardText.meta} ${styles.meta}`}>
              <span>{plays}</span>
              <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
            </p>
          </>
        )}
      </VideoLink>
    </article>
  );
}

/** Same footprint as a tile while the first page loads. */
export function TopicVideoSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton className={styles.thumb} />
      <Skeleton className={styles.lineSkeleton} />
    </div>
  );
}
