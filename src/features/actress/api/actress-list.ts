import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ActressItem, type ActressListBody, type SortKey } from '../../../../protocol/content-api.ts';
import { tagScope } from '../../../lib/paging.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, pagedQuery } from '../../../lib/queries.ts';
import { actressKeys, type ActressFilter } from './actress-keys.ts';

export const ACTRESS_LIST_PAGE_SIZE = 12;

/** A tag narrows more than its category, so a query naming both asks by tag only. */
export function actressListBody(filter: ActressFilter, sort: SortKey, page: number): ActressListBody {
  return { page, pageSize: ACTRESS_LIST_PAGE_SIZE, sort, ...tagScope(filter) };
}

/** A kept-alive page: coming back within five minutes does not refetch (SPEC §2). */
export const useActressList = pagedQuery({
  key: actressKeys.list,
  fetch: (page: number, filter: ActressFilter, sort: SortKey) => apiPost<Page<ActressItem>>(CONTENT_API.actressList, actressListBody(filter, sort, page)),
  staleTime: FRESH.page,
});
