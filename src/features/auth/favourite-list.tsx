import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { useFavouriteVideos } from './api/favourite-videos.ts';
import { useTranslation } from '../../i18n/index.ts';
import styles from './mine.module.css';
import button from '../../components/ui/button.module.css';

/** The member's favourite videos, from the server (history, by contrast, is local and offline). */
export function FavouriteList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useFavouriteVideos(userId);
  if (query.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <Skeleton className={styles.listSkeleton} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title={t('mine.favouritesFailed')}
        action={
          <button type="button" className={button.small} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }
  const videos = query.data.pages.flatMap((p) => p.list);
  if (videos.length === 0) return <EmptyState title={t('mine.noFavourites')} description={t('mine.noFavouritesHint')} />;
  return (
    <>
      <VideoRowList>
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="favourite-item" />
        ))}
      </VideoRowList>
      {query.hasNextPage ? (
        <button type="button" className={button.block} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? t('common.loadingMore') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
