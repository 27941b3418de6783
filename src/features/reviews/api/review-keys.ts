import type { SortKey } from '../../../../protocol/content-api.ts';
import type { ReviewTab } from '../review-tabs.ts';

/** Which reviews /tagReviews shows: one tag or every tag of one category. */
export interface TagReviewSubject {
  tid?: number;
  tagCateId?: number;
}

export const reviewKeys = {
  all: ['review'] as const,
  list: (tab: ReviewTab) => [...reviewKeys.all, 'list', tab] as const,
  detail: (id: number) => [...reviewKeys.all, 'detail', id] as const,
  byTag: (subject: TagReviewSubject, sort: SortKey) => [...reviewKeys.all, 'by-tag', subject.tid ?? null, subject.tagCateId ?? null, sort] as const,
  tagCategories: () => [...reviewKeys.all, 'tag-categories'] as const,
};
