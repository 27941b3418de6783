import type { MouseEvent } from 'react';
import type { VideoItem } from '../../../../protocol/api.ts';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { formatCount, formatDuration, formatRelativeTime } from '../../../lib/format.ts';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
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
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's own behaviour (new tab, new window).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openContent(video, navigate);
  };
  const overlay = variant === 'hero' || variant === 'feature';
  return (
    <article className={`${styles.card} ${styles[variant]}`} data-testid="topic-video" data-video-id={video.id} data-variant={variant}>
      <a className={styles.link} href={`/videoDetails?id=${video.id}`} onClick={open} title={video.title}>
        <div className={styles.thumb}>
          <MaskedImage
            path={video.cover}
            width={video.coverWidth || 640}
            height={video.coverHeight || 360}
            alt={overlay ? '' : video.title}
            className={styles.image}
            sizes={SIZES[variant]}
            loading={eager ? 'eager' : 'lazy'}
          />
          <span className={styles.duration}>{formatDuration(video.duration)}</span>
          {overlay ? (
            <div className={styles.overlay}>
              <h3 className={styles.title}>{video.title}</h3>
              <p className={styles.meta}>
                {t('counts.plays', { count: formatCount(video.playCount) })} · {formatRelativeTime(video.createdAt)}
              </p>
            </div>
          ) : null}
        </div>
        {overlay ? null : (
          <>
            <h3 className={styles.title}>{video.title}</h3>
            <p className={styles.meta}>
              <span>{t('counts.plays', { count: formatCount(video.playCount) })}</span>
              <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
            </p>
          </>
        )}
      </a>
    </article>
  );
}

/** Same footprint as a tile while the first page loads. */
export function TopicVideoSkeleton() {
  return (
    <div className={`${styles.card} ${styles.tile}`} aria-hidden="true">
      <span className={`skeleton ${styles.thumb}`} />
      <span className={`skeleton ${styles.lineSkeleton}`} />
    </div>
  );
}
