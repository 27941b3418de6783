import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ActressItem, type ActressListBody, type SortKey } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { actressKeys, type ActressFilter } from './actress-keys.ts';

export const ACTRESS_LIST_PAGE_SIZE = 12;

export function getActressList(body: ActressListBody): Promise<Page<ActressItem>> {
  return apiPost<Page<ActressItem>>(CONTENT_API.actressList, body);
}

/** A tag narrows more than its category, so a query naming both asks by tag only. */
export function actressListBody(filter: ActressFilter, sort: SortKey, page: number): ActressListBody {
  const body: ActressListBody = { page, pageSize: ACTRESS_LIST_PAGE_SIZE, sort };
  if (filter.tid !== undefined) body.tid = filter.tid;
  else if (filter.tagCateId !== undefined) body.tagCateId = filter.tagCateId;
  return body;
}

export function actressListQueryOptions(filter: ActressFilter, sort: SortKey) {
  return infiniteQueryOptions({
    queryKey: actressKeys.list(filter, sort),
    queryFn: ({ pageParam }) => getActressList(actressListBody(filter, sort, pageParam)),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<ActressItem>,
    // A kept-alive page: coming back within this window must not refetch (SPEC §2).
    staleTime: 5 * 60_000,
  });
}

export function useActressList(filter: ActressFilter, sort: SortKey) {
  return useInfiniteQuery(actressListQueryOptions(filter, sort));
}
