import type { Page } from '../../protocol/api.ts';

/** The Page<T> answer of a paged body from a repository's { list, total }. */
export function pageResult<T>(page: number, pageSize: number, paged: { list: T[]; total: number }): Page<T> {
  const offset = (page - 1) * pageSize;
  return { list: paged.list, page, pageSize, total: paged.total, hasMore: offset + paged.list.length < paged.total };
}

/** Offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
