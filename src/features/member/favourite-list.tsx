import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { useFavouriteVideos } from './api/favourite-videos.ts';
import { useTranslation } from '../../i18n/index.ts';
import styles from './mine.module.css';

/** The member's favourite videos, from the server (history, by contrast, is local and offline). */
export function FavouriteList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useFavouriteVideos(userId);
  return (
    <PagedList
      query={query}
      label={t('mine.favourites')}
      loading={
        <Loading className={styles.list}>
          <Skeleton className={styles.listSkeleton} />
        </Loading>
      }
      failedTitle={t('mine.favouritesFailed')}
      empty={<EmptyState title={t('mine.noFavourites')} description={t('mine.noFavouritesHint')} />}
      moreLabel={t('common.loadMore')}
    >
      {(videos) => (
        <VideoRowList>
          {videos.map((video) => (
            <VideoRow key={video.id} video={video} testId="favourite-item" />
          ))}
        </VideoRowList>
      )}
    </PagedList>
  );
}
