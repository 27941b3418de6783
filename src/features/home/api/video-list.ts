import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { API, type Page, type VideoItem } from '../../../../protocol/api.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export const VIDEO_LIST_PAGE_SIZE = 20;

export const videoListKeys = {
  all: ['video-list'] as const,
  byCategory: (categoryId: number) => [...videoListKeys.all, categoryId] as const,
};

export const nextVideoListPage = nextPageOf<VideoItem>;

export const useVideoList = pagedQuery({
  key: videoListKeys.byCategory,
  fetch: (page: number, categoryId: number) => apiPost<Page<VideoItem>>(API.videoList, { categoryId, page, pageSize: VIDEO_LIST_PAGE_SIZE }),
});

/** Back to the first page, fetched anew (a refetch would fetch every page loaded so far). */
export async function refreshVideoList(queryClient: QueryClient, categoryId: number): Promise<void> {
  const queryKey = videoListKeys.byCategory(categoryId);
  queryClient.setQueryData<InfiniteData<Page<VideoItem>, number>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey });
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
