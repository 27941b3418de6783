import { CONTENT_API, type ReviewItem, type SortKey, type TagReviewsBody } from '../../../../protocol/content-api.ts';
import { tagScope } from '../../../lib/paging.ts';
import { apiPaged } from '../../../lib/queries.ts';
import { REVIEW_PAGE_SIZE } from './review-list.ts';
import { reviewKeys, type TagReviewSubject } from './review-keys.ts';

export function tagReviewsBody(subject: TagReviewSubject, sort: SortKey, page: number): TagReviewsBody {
  return { page, pageSize: REVIEW_PAGE_SIZE, sort, ...tagScope(subject) };
}

export const useTagReviews = apiPaged<[TagReviewSubject, SortKey], ReviewItem>(CONTENT_API.tagReviews, reviewKeys.byTag, (page, subject, sort) =>
  tagReviewsBody(subject, sort, page),
);
