import type { Page } from '../../protocol/api.ts';

/** getNextPageParam for every Page<T> list: the server says whether another page exists. */
export function nextPageOf<T>(last: Page<T>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/** Flattens loaded pages; an item that moved between pages while scrolling is shown once. */
export function uniqueItems<T extends { id: number }>(pages: readonly Page<T>[]): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** A list by tag asks by one of tid and tagCateId; a tag narrows more, so it wins when both are given. */
export function tagScope(subject: { tid?: number; tagCateId?: number }): { tid: number } | { tagCateId: number } | Record<string, never> {
  if (subject.tid !== undefined) return { tid: subject.tid };
  if (subject.tagCateId !== undefined) return { tagCateId: subject.tagCateId };
  return {};
}
