import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewItem, type SortKey, type TagReviewsBody } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { REVIEW_PAGE_SIZE } from './review-list.ts';
import { reviewKeys, type TagReviewSubject } from './review-keys.ts';

export function getTagReviews(body: TagReviewsBody): Promise<Page<ReviewItem>> {
  return apiPost<Page<ReviewItem>>(CONTENT_API.tagReviews, body);
}

/** The server takes one of tid and tagCateId; a tag narrows more, so it wins when both are given. */
export function tagReviewsBody(subject: TagReviewSubject, sort: SortKey, page: number): TagReviewsBody {
  const body: TagReviewsBody = { page, pageSize: REVIEW_PAGE_SIZE, sort };
  if (subject.tid !== undefined) body.tid = subject.tid;
  else if (subject.tagCateId !== undefined) body.tagCateId = subject.tagCateId;
  return body;
}

export function tagReviewsQueryOptions(subject: TagReviewSubject, sort: SortKey) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.byTag(subject, sort),
    queryFn: ({ pageParam }) => getTagReviews(tagReviewsBody(subject, sort, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<ReviewItem>,
    staleTime: 60_000,
  });
}

export function useTagReviews(subject: TagReviewSubject, sort: SortKey) {
  return useInfiniteQuery(tagReviewsQueryOptions(subject, sort));
}
