import type { VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../../../protocol/content-api.ts';
import { apiPaged } from '../../../lib/queries.ts';

export const FAVOURITES_PAGE_SIZE = 10;

export const favouriteKeys = {
  all: ['favourites'] as const,
  videos: (userId: number) => [...favouriteKeys.all, 'video', userId] as const,
};

/** The signed-in member's favourites; a toggle elsewhere shows here at once (never stale). */
export const useFavouriteVideos = apiPaged<[number], VideoItem>(
  CONTENT_API.collectList,
  favouriteKeys.videos,
  (page) => ({ contentType: CONTENT_TYPE.VIDEO, page, pageSize: FAVOURITES_PAGE_SIZE }),
  0,
);
