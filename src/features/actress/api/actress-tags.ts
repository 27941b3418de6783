import { CONTENT_API, CONTENT_TYPE, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { actressKeys } from './actress-keys.ts';

/** The performer tag categories (contentType 8) with their tags: the filter chips of /actressList. */
export const useActressTags = readQuery({
  key: actressKeys.tags,
  fetch: () => apiPost<TagCategory[]>(CONTENT_API.tagList, { contentType: CONTENT_TYPE.ACTRESS }),
  staleTime: FRESH.catalogue,
});
