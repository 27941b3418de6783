import { ListDownloadButton } from '../../components/download-button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import type { VideoItem } from '../../../protocol/api.ts';
import { useOfflineFirst } from '../../lib/use-downloads.ts';
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
      {(videos) => <Favourites videos={videos} />}
    </PagedList>
  );
}

/** The loaded favourites; offline, those saved on the device first. */
function Favourites({ videos }: { videos: readonly VideoItem[] }) {
  const { t } = useTranslation();
  const { items, offlineFirst } = useOfflineFirst(videos, (video) => video.id);
  return (
    <>
      {offlineFirst ? (
        <p className={styles.itemMeta} data-testid="favourites-offline-first">
          {t('storage.offlineFirst')}
        </p>
      ) : null}
      <VideoRowList>
        {items.map((video) => (
          <VideoRow key={video.id} video={video} testId="favourite-item" action={<ListDownloadButton videoId={video.id} title={video.title} />} />
        ))}
      </VideoRowList>
    </>
  );
}
