import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { reviewKeys } from './review-keys.ts';

/** Every tag category with its tags: the names and sibling chips of /tagReviews. */
export const useReviewTagCategories = readQuery({
  key: reviewKeys.tagCategories,
  fetch: () => apiPost<TagCategory[]>(CONTENT_API.tagList, {}),
  staleTime: FRESH.catalogue,
});
