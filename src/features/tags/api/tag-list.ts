import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { tagKeys } from './tag-keys.ts';

/** Every tag category with its tags, video and performer ones alike. */
export const useTagList = readQuery({ key: tagKeys.list, fetch: () => apiPost<TagCategory[]>(CONTENT_API.tagList, {}), staleTime: FRESH.catalogue });
