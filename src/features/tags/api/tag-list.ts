import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_API, type TagCategory } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { tagKeys } from './tag-keys.ts';

/** Every tag category with its tags, video and performer ones alike. */
export function getTagList(): Promise<TagCategory[]> {
  return apiPost<TagCategory[]>(CONTENT_API.tagList, {});
}

export function tagListQueryOptions() {
  return queryOptions({
    queryKey: tagKeys.list(),
    queryFn: getTagList,
    staleTime: 10 * 60_000,
  });
}

export function useTagList() {
  return useQuery(tagListQueryOptions());
}
