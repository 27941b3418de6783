import type { VideoItem } from '../../../../protocol/api.ts';
import type { HomeIndex } from '../../../../protocol/content-api.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { openContent, useAppNavigate } from '../../../lib/navigation.ts';
import { VideoCard } from './video-card.tsx';
import styles from './home-sections.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import grid from '../../../components/ui/grid.module.css';

/** Titled rows of videos from home/index (编辑精选, 大家都在聊, …). */
export function HomeBoxes({ boxes }: { boxes: HomeIndex['boxes'] }) {
  const navigate = useAppNavigate();
  const open = (video: VideoItem) => openContent(video, navigate);
  return (
    <>
      {boxes
        .filter((box) => box.list.length > 0)
        .map((box) => (
          <section key={box.id} className={styles.section} aria-labelledby={`home-box-${box.id}`} data-testid="home-box" data-box-id={box.id}>
            <header className={styles.sectionHead}>
              <h2 id={`home-box-${box.id}`} className={styles.sectionTitle}>
                {box.title}
              </h2>
            </header>
            <div className={`${grid.grid} ${styles.cardGrid} ${styles.boxGrid}`}>
              {box.list.map((video) => (
                <VideoCard key={video.id} video={video} onOpen={open} testId="box-video-card" />
              ))}
            </div>
          </section>
        ))}
    </>
  );
}

export function HomeBoxesSkeleton({ count = 2, size = 6 }: { count?: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: count }, (_, box) => (
        <section key={box} className={styles.section} aria-busy="true" aria-label={t('common.loading')} data-testid="home-box-loading">
          <header className={styles.sectionHead}>
            <Skeleton className={styles.titleSkeleton} />
          </header>
          <div className={`${grid.grid} ${styles.cardGrid} ${styles.boxGrid}`}>
            {Array.from({ length: size }, (_, index) => (
              <div key={index} className={styles.cardSkeleton}>
                <Skeleton className={styles.thumbSkeleton} />
                <Skeleton className={styles.lineSkeleton} />
                <Skeleton className={styles.lineShortSkeleton} />
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
