import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiRead, FRESH } from '../../../lib/queries.ts';
import { reviewKeys } from './review-keys.ts';

/** Every tag category with its tags: the names and sibling chips of /tagReviews. */
export const useReviewTagCategories = apiRead<[], TagCategory[]>(CONTENT_API.tagList, reviewKeys.tagCategories, () => ({}), FRESH.catalogue);
