import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { reviewKeys } from './review-keys.ts';

/** Every tag category with its tags: the names and sibling chips of /tagReviews. */
export function getReviewTagCategories(): Promise<TagCategory[]> {
  return apiPost<TagCategory[]>(CONTENT_API.tagList, {});
}

export function reviewTagCategoriesQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.tagCategories(),
    queryFn: getReviewTagCategories,
    staleTime: 10 * 60_000,
  });
}

export function useReviewTagCategories() {
  return useQuery(reviewTagCategoriesQueryOptions());
}
