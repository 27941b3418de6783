import type { SortKey } from '../../../../protocol/content-api.ts';

/** Which performers /actressList shows: one tag, one tag category, or all of them. */
export interface ActressFilter {
  tid?: number;
  tagCateId?: number;
}

export const actressKeys = {
  all: ['actress'] as const,
  list: (filter: ActressFilter, sort: SortKey) => [...actressKeys.all, 'list', filter.tid ?? null, filter.tagCateId ?? null, sort] as const,
  detail: (id: number) => [...actressKeys.all, 'detail', id] as const,
  works: (id: number, sort: SortKey) => [...actressKeys.all, 'works', id, sort] as const,
  tags: () => [...actressKeys.all, 'tags'] as const,
};
