import { useState } from 'react';
import { ReportButton } from '../../../components/safety/report-button.tsx';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
import type { CollectableDetail } from '../api/collect-video.ts';
import { ShareButton } from '../share/share-button.tsx';
import { DownloadButton, type DownloadButtonProps } from '../../../components/download-button.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import styles from './video-info.module.css';
import hit from '../../../components/ui/hit-area.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** Descriptions longer than this start collapsed behind 展开. */
const COLLAPSE_AFTER_CHARS = 90;

export interface VideoInfoProps {
  video: CollectableDetail;
  /** Where 下载 saves the video from; no 下载 without it. */
  download?: Omit<DownloadButtonProps, 'video' | 'className'>;
}

export function VideoInfo({ video, download }: VideoInfoProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const long = video.description.length > COLLAPSE_AFTER_CHARS;

  return (
    <section className={styles.info} aria-labelledby="video-title">
      <h1 id="video-title" className={styles.title} data-testid="video-title">
        {video.title}
      </h1>
      <p className={styles.stats} data-testid="video-stats">
        <span>{t('counts.plays', { count: formatCount(video.playCount) })}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
        <span className={styles.counts}>
          <span title={t('video.likes')}>♥ {formatCount(video.likeCount)}</span>
          <span title={t('video.comments')}>
            {t('video.comments')} {formatCount(video.commentCount)}
          </span>
        </span>
      </p>
      <div className={styles.actions} data-testid="video-actions">
        <FavouriteButton id={video.id} collected={video.isCollect ?? false} count={video.collectCount} />
        {download ? <DownloadButton video={video} {...download} className={`${styles.favourite} ${hit.area}`} /> : null}
        <ShareButton title={video.title} className={`${styles.favourite} ${hit.area}`} />
        <ReportButton targetType="video" targetId={video.id} className={`${styles.favourite} ${styles.report} ${hit.area}`} />
      </div>
      {video.description ? (
        <div className={styles.descriptionBox}>
          <p className={expanded || !long ? styles.description : styles.descriptionClamped} data-testid="video-description">
            {video.description}
          </p>
          {long ? (
            <button type="button" className={styles.toggle} onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
              {expanded ? t('video.collapse') : t('video.expand')}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
