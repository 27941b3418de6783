import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';

export const FAVOURITES_PAGE_SIZE = 10;

export const favouriteKeys = {
  all: ['favourites'] as const,
  videos: (userId: number) => [...favouriteKeys.all, 'video', userId] as const,
};

export function getFavouriteVideos(page: number): Promise<Page<VideoItem>> {
  return apiPost<Page<VideoItem>>(CONTENT_API.collectList, { contentType: CONTENT_TYPE.VIDEO, page, pageSize: FAVOURITES_PAGE_SIZE });
}

export function favouriteVideosQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: favouriteKeys.videos(userId),
    queryFn: ({ pageParam }) => getFavouriteVideos(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Page<VideoItem>) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useFavouriteVideos(userId: number) {
  return useInfiniteQuery(favouriteVideosQueryOptions(userId));
}
