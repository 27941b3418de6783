import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewItem } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { listSortOf, type ReviewTab } from '../review-tabs.ts';
import { reviewKeys } from './review-keys.ts';

export const REVIEW_PAGE_SIZE = 10;

/** 精选 is a call of its own; the other tabs are one list in different orders. */
export const useReviewList = pagedQuery<[ReviewTab], Page<ReviewItem>>({
  key: reviewKeys.list,
  fetch: (page, tab) => {
    const sort = listSortOf(tab);
    const paging = { page, pageSize: REVIEW_PAGE_SIZE };
    return sort === null
      ? apiPost<Page<ReviewItem>>(CONTENT_API.reviewSelected, paging)
      : apiPost<Page<ReviewItem>>(CONTENT_API.reviewList, { ...paging, sort });
  },
});
