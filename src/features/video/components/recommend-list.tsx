import type { VideoItem } from '../../../../protocol/api.ts';
import { VideoRow, VideoRowList } from '../../../components/video-row.tsx';
import styles from './recommend-list.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** `listClassName` lays the rows out for the page around them (side by side on the video page's narrow desktop). */
export function RecommendList({ videos, heading, listClassName }: { videos: readonly VideoItem[]; heading?: string; listClassName?: string }) {
  const { t } = useTranslation();
  if (videos.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="recommend-heading">
      <h2 id="recommend-heading" className={styles.heading}>
        {heading ?? t('video.recommended')}
      </h2>
      <VideoRowList className={listClassName}>
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="recommend-card" />
        ))}
      </VideoRowList>
    </section>
  );
}
