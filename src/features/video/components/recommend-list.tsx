import type { MouseEvent } from 'react';
import type { VideoItem } from '../../../../protocol/api.ts';
import { MaskedImage } from '../../../components/ui/masked-image.tsx';
import { formatCount, formatDuration, formatRelativeTime } from '../../../lib/format.ts';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
import styles from './recommend-list.module.css';

export function RecommendList({ videos }: { videos: readonly VideoItem[] }) {
  const navigate = useAppNavigate();
  if (videos.length === 0) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, video: VideoItem) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openContent(video, navigate);
  };

  return (
    <section className={styles.section} aria-labelledby="recommend-heading">
      <h2 id="recommend-heading" className={styles.heading}>
        推荐视频
      </h2>
      <ul className={styles.list}>
        {videos.map((video) => (
          <li key={video.id} data-testid="recommend-card" data-video-id={video.id}>
            <a className={styles.item} href={`/videoDetails?id=${video.id}`} onClick={(event) => open(event, video)} title={video.title}>
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
                <h3 className={styles.title}>{video.title}</h3>
                <p className={styles.meta}>
                  {formatCount(video.playCount)}次播放 · {formatRelativeTime(video.createdAt)}
                </p>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
