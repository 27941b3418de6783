import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export const FAVOURITES_PAGE_SIZE = 10;

export const favouriteKeys = {
  all: ['favourites'] as const,
  videos: (userId: number) => [...favouriteKeys.all, 'video', userId] as const,
};

/** The signed-in member's favourites; a toggle elsewhere shows here at once (never stale). */
export const useFavouriteVideos = pagedQuery({
  key: favouriteKeys.videos,
  // The key carries the member so another sign-in never reads this list; the server knows who asks.
  fetch: (page: number, _userId: number) =>
    apiPost<Page<VideoItem>>(CONTENT_API.collectList, { contentType: CONTENT_TYPE.VIDEO, page, pageSize: FAVOURITES_PAGE_SIZE }),
  staleTime: 0,
});
