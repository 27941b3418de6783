import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { API, type Page, type VideoItem, type VideoListBody } from '../../../../protocol/api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const VIDEO_LIST_PAGE_SIZE = 20;

export const videoListKeys = {
  all: ['video-list'] as const,
  byCategory: (categoryId: number) => [...videoListKeys.all, categoryId] as const,
};

export function getVideoList(body: VideoListBody): Promise<Page<VideoItem>> {
  return apiPost<Page<VideoItem>>(API.videoList, body);
}

export function nextVideoListPage(last: Page<VideoItem>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

export function videoListQueryOptions(categoryId: number) {
  return infiniteQueryOptions({
    queryKey: videoListKeys.byCategory(categoryId),
    queryFn: ({ pageParam }) => getVideoList({ categoryId, page: pageParam, pageSize: VIDEO_LIST_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextVideoListPage,
    staleTime: 60_000,
  });
}

/** Back to the first page, fetched anew (a refetch would fetch every page loaded so far). */
export async function refreshVideoList(queryClient: QueryClient, categoryId: number): Promise<void> {
  const queryKey = videoListKeys.byCategory(categoryId);
  queryClient.setQueryData<InfiniteData<Page<VideoItem>, number>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey });
}

export function useVideoList(categoryId: number) {
  return useInfiniteQuery(videoListQueryOptions(categoryId));
}

/** Loaded pages, each without the videos an earlier page already showed (one moved while scrolling). */
export function videoPagesOf(pages: readonly Page<VideoItem>[]): VideoItem[][] {
  const seen = new Set<number>();
  return pages.map((page) =>
    page.list.filter((video) => {
      if (seen.has(video.id)) return false;
      seen.add(video.id);
      return true;
    }),
  );
}

/** Flattens loaded pages; a video that moved between pages while scrolling is shown once. */
export function videosOf(pages: readonly Page<VideoItem>[]): VideoItem[] {
  return videoPagesOf(pages).flat();
}
