import { useState } from 'react';
import { formatCount, formatRelativeTime } from '../../../lib/format.ts';
import type { CollectableDetail } from '../api/collect-video.ts';
import { ShareButton } from '../share/share-button.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import styles from './video-info.module.css';

/** Descriptions longer than this start collapsed behind 展开. */
const COLLAPSE_AFTER_CHARS = 90;

export function VideoInfo({ video }: { video: CollectableDetail }) {
  const [expanded, setExpanded] = useState(false);
  const long = video.description.length > COLLAPSE_AFTER_CHARS;

  return (
    <section className={styles.info} aria-labelledby="video-title">
      <h1 id="video-title" className={styles.title} data-testid="video-title">
        {video.title}
      </h1>
      <p className={styles.stats} data-testid="video-stats">
        <span>{formatCount(video.playCount)}次播放</span>
        <span aria-hidden="true">·</span>
        <time dateTime={video.createdAt}>{formatRelativeTime(video.createdAt)}</time>
        <span className={styles.counts}>
          <span title="点赞">♥ {formatCount(video.likeCount)}</span>
          <span title="评论">评论 {formatCount(video.commentCount)}</span>
        </span>
      </p>
      <div className={styles.actions}>
        <FavouriteButton id={video.id} collected={video.isCollect ?? false} count={video.collectCount} />
        <ShareButton title={video.title} className={styles.favourite} />
      </div>
      {video.description ? (
        <div className={styles.descriptionBox}>
          <p className={expanded || !long ? styles.description : styles.descriptionClamped} data-testid="video-description">
            {video.description}
          </p>
          {long ? (
            <button type="button" className={styles.toggle} onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
              {expanded ? '收起' : '展开'}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
