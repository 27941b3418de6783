import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type PostItem, type PostTag, type ReviewItem } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, pagedQuery, readQuery } from '../../../lib/queries.ts';
import { postKeys } from './post-keys.ts';

export const FEED_PAGE_SIZE = 12;
export type FeedSort = 'latest' | 'hot';

/** The discussion feed (post/taglist): one tag or all, newest or most liked first. */
export const useDiscussFeed = pagedQuery({
  key: postKeys.feed,
  fetch: (page: number, tagId: number | undefined, sort: FeedSort) =>
    apiPost<Page<PostItem>>(CONTENT_API.postFeed, { page, pageSize: FEED_PAGE_SIZE, sort, ...(tagId ? { tagId } : {}) }),
});

/** The discussion tags with their post counts (post/tags). */
export const usePostTags = readQuery({ key: postKeys.tags, fetch: () => apiPost<PostTag[]>(CONTENT_API.postTags, {}), staleTime: FRESH.catalogue });

/** Posts like post `id`, or the liveliest (post/maylike). */
export const useMayLike = readQuery({
  key: postKeys.mayLike,
  fetch: (id: number | undefined) => apiPost<PostItem[]>(CONTENT_API.postMayLike, id ? { id } : {}),
  staleTime: FRESH.list,
});

/** The most liked reviews (post/reviewrank). */
export const useReviewRank = readQuery({ key: postKeys.reviewRank, fetch: () => apiPost<ReviewItem[]>(CONTENT_API.postReviewRank, {}), staleTime: FRESH.list });
