import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewItem, type SortKey, type TagReviewsBody } from '../../../../protocol/content-api.ts';
import { tagScope } from '../../../lib/paging.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { REVIEW_PAGE_SIZE } from './review-list.ts';
import { reviewKeys, type TagReviewSubject } from './review-keys.ts';

export function tagReviewsBody(subject: TagReviewSubject, sort: SortKey, page: number): TagReviewsBody {
  return { page, pageSize: REVIEW_PAGE_SIZE, sort, ...tagScope(subject) };
}

export const useTagReviews = pagedQuery({
  key: reviewKeys.byTag,
  fetch: (page: number, subject: TagReviewSubject, sort: SortKey) => apiPost<Page<ReviewItem>>(CONTENT_API.tagReviews, tagReviewsBody(subject, sort, page)),
});
