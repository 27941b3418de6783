import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewItem } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { listSortOf, type ReviewTab } from '../review-tabs.ts';
import { reviewKeys } from './review-keys.ts';

export const REVIEW_PAGE_SIZE = 10;

export function getReviewPage(tab: ReviewTab, page: number): Promise<Page<ReviewItem>> {
  const sort = listSortOf(tab);
  const paging = { page, pageSize: REVIEW_PAGE_SIZE };
  return sort === null ? apiPost<Page<ReviewItem>>(CONTENT_API.reviewSelected, paging) : apiPost<Page<ReviewItem>>(CONTENT_API.reviewList, { ...paging, sort });
}

export function reviewListQueryOptions(tab: ReviewTab) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(tab),
    queryFn: ({ pageParam }) => getReviewPage(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<ReviewItem>,
    staleTime: 60_000,
  });
}

export function useReviewList(tab: ReviewTab) {
  return useInfiniteQuery(reviewListQueryOptions(tab));
}
