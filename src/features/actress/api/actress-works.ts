import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, type ActressWorksBody, type SortKey } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { actressKeys } from './actress-keys.ts';

export const ACTRESS_WORKS_PAGE_SIZE = 12;

export function getActressWorks(body: ActressWorksBody): Promise<Page<VideoItem>> {
  return apiPost<Page<VideoItem>>(CONTENT_API.actressWorks, body);
}

export function actressWorksQueryOptions(id: number, sort: SortKey) {
  return infiniteQueryOptions({
    queryKey: actressKeys.works(id, sort),
    queryFn: ({ pageParam }) => getActressWorks({ id, sort, page: pageParam, pageSize: ACTRESS_WORKS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<VideoItem>,
    staleTime: 60_000,
  });
}

export function useActressWorks(id: number, sort: SortKey) {
  return useInfiniteQuery(actressWorksQueryOptions(id, sort));
}
