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
