import { describe, expect, it } from 'vitest';
import type { Page } from '../../../../protocol/api.ts';
import { nextPageOf, tagScope, uniqueItems } from '../../../../src/lib/paging.ts';

const page = (n: number, ids: number[], hasMore: boolean): Page<{ id: number }> => ({
  list: ids.map((id) => ({ id })),
  page: n,
  pageSize: ids.length,
  total: 99,
  hasMore,
});

describe('paging', () => {
  it('asks for the following page only while the server has more', () => {
    expect(nextPageOf(page(1, [1, 2], true))).toBe(2);
    expect(nextPageOf(page(3, [5], false))).toBeUndefined();
  });

  it('flattens pages in order and shows an item that moved between pages once', () => {
    expect(uniqueItems([page(1, [1, 2, 3], true), page(2, [3, 4], false)]).map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(uniqueItems([])).toEqual([]);
  });

  it.each([
    [{ tid: 4, tagCateId: 2 }, { tid: 4 }],
    [{ tagCateId: 2 }, { tagCateId: 2 }],
    [{}, {}],
  ])('asks a list by tag by the narrower of tag and category: %o', (subject, scope) => {
    expect(tagScope(subject)).toEqual(scope);
  });
});
