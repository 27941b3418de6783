import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, CONTENT_TYPE, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { actressKeys } from './actress-keys.ts';

/** The performer tag categories (contentType 8) with their tags: the filter chips of /actressList. */
export function getActressTags(): Promise<TagCategory[]> {
  return apiPost<TagCategory[]>(CONTENT_API.tagList, { contentType: CONTENT_TYPE.ACTRESS });
}

export function actressTagsQueryOptions() {
  return queryOptions({
    queryKey: actressKeys.tags(),
    queryFn: getActressTags,
    staleTime: 10 * 60_000,
  });
}

export function useActressTags() {
  return useQuery(actressTagsQueryOptions());
}
