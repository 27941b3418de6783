import { CONTENT_API, CONTENT_TYPE, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiRead, FRESH } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

/** The performer tag categories (contentType 8) with their tags: the filter chips of /actressList. */
export const useActressTags = apiRead<[], TagCategory[]>(CONTENT_API.tagList, actressKeys.tags, () => ({ contentType: CONTENT_TYPE.ACTRESS }), FRESH.catalogue);
