import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, type SearchBody, type SearchResult } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const SEARCH_PAGE_SIZE = 20;

export const searchKeys = {
  all: ['search'] as const,
  videos: (keyword: string) => [...searchKeys.all, 'video', keyword] as const,
};

export async function searchVideos(body: Omit<SearchBody, 'type'>): Promise<Page<VideoItem>> {
  const result = await apiPost<SearchResult>(CONTENT_API.search, { ...body, type: 'video' });
  return result.videos ?? { list: [], page: body.page, pageSize: body.pageSize, total: 0, hasMore: false };
}

export function searchVideosQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.videos(keyword),
    queryFn: ({ pageParam }) => searchVideos({ keyword, page: pageParam, pageSize: SEARCH_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: Page<VideoItem>) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 60_000,
    enabled: keyword.trim().length > 0,
  });
}

export function useSearchVideos(keyword: string) {
  return useInfiniteQuery(searchVideosQueryOptions(keyword));
}
