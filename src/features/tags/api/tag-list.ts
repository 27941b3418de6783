import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiRead, FRESH } from '../../../lib/queries.ts';
import { tagKeys } from './tag-keys.ts';

/** Every tag category with its tags, video and performer ones alike. */
export const useTagList = apiRead<[], TagCategory[]>(CONTENT_API.tagList, tagKeys.list, () => ({}), FRESH.catalogue);
