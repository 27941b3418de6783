import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { VideoRow, VideoRowList } from '../../components/video-row.tsx';
import { useFavouriteVideos } from './api/favourite-videos.ts';

/** The member's favourite videos, from the server (history, by contrast, is local and offline). */
export function FavouriteList({ userId }: { userId: number }) {
  const query = useFavouriteVideos(userId);
  if (query.isPending) {
    return (
      <div className="history-list" aria-busy="true">
        <Skeleton className="history-list__skeleton" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        title="收藏加载失败"
        action={
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            重试
          </button>
        }
      />
    );
  }
  const videos = query.data.pages.flatMap((p) => p.list);
  if (videos.length === 0) return <EmptyState title="还没有收藏" description="在视频页点 收藏，就会出现在这里" />;
  return (
    <>
      <VideoRowList>
        {videos.map((video) => (
          <VideoRow key={video.id} video={video} testId="favourite-item" />
        ))}
      </VideoRowList>
      {query.hasNextPage ? (
        <button type="button" className="button button--block" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </>
  );
}
