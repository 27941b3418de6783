import type { Page } from '../../protocol/api.ts';
import type { PageBody } from '../../protocol/contracts/common.ts';

/** The Page<T> answer of a paged body from a repository's { list, total }. */
export function pageResult<T>(page: number, pageSize: number, paged: { list: T[]; total: number }): Page<T> {
  const offset = (page - 1) * pageSize;
  return { list: paged.list, page, pageSize, total: paged.total, hasMore: offset + paged.list.length < paged.total };
}

/** Offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The Page<T> answer of a paged body, reading the page the body names with `read`. */
export async function pageOf<T>(
  { page, pageSize }: PageBody,
  read: (offset: number, limit: number) => Promise<{ list: T[]; total: number }>,
): Promise<Page<T>> {
  return pageResult(page, pageSize, await read(offsetOf(page, pageSize), pageSize));
}
