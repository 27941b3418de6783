import { describe, expect, it } from 'vitest';
import type { TagCategory } from '../../../../../protocol/content-api.ts';
import { chipSearch, filterRows, filterTitle, isActiveChip, type FilterChip } from '../../../../../src/features/actress/filter.ts';

const tag = (id: number, name: string, categoryId: number) => ({ id, name, categoryId, contentType: 8, count: 3 });
const categories: TagCategory[] = [
  { id: 304, name: '擅长', contentType: 8, tags: [tag(425, '舞蹈', 304), tag(426, '歌唱', 304)] },
  { id: 305, name: '形象', contentType: 8, tags: [tag(431, '阳光', 305)] },
];

describe('performer filter chips', () => {
  it('lays out one row per category, 全部 first', () => {
    const rows = filterRows(categories);
    expect(rows.map((r) => r.chips.map((c) => c.label))).toEqual([
      ['全部', '擅长', '舞蹈', '歌唱'],
      ['形象', '阳光'],
    ]);
    expect(filterRows([]).map((r) => r.chips.map((c) => c.kind))).toEqual([['all']]);
  });

  it('highlights the tag, else the category, else 全部', () => {
    const chips = filterRows(categories).flatMap((r) => r.chips);
    const active = (filter: { tid?: number; tagCateId?: number }) => chips.filter((c) => isActiveChip(c, filter)).map((c) => c.key);
    expect(active({})).toEqual(['all']);
    expect(active({ tagCateId: 305 })).toEqual(['c305']);
    expect(active({ tid: 426 })).toEqual(['t426']);
    expect(active({ tid: 426, tagCateId: 304 })).toEqual(['t426']);
  });

  it('replaces the filter in the query and keeps a non-default sort', () => {
    const tagChip: FilterChip = { kind: 'tag', key: 't425', label: '舞蹈', id: 425 };
    const categoryChip: FilterChip = { kind: 'category', key: 'c304', label: '擅长', id: 304 };
    expect(chipSearch(tagChip, 0)).toEqual({ tid: 425, sort: undefined });
    expect(chipSearch(categoryChip, 2)).toEqual({ tagCateId: 304, sort: 2 });
    expect(chipSearch({ kind: 'all', key: 'all', label: '全部' }, 1)).toEqual({ sort: 1 });
  });

  it('names the chosen tag or category', () => {
    expect(filterTitle(categories, { tid: 431 })).toBe('阳光');
    expect(filterTitle(categories, { tagCateId: 304 })).toBe('擅长');
    expect(filterTitle(categories, { tid: 999 })).toBeNull();
    expect(filterTitle(categories, {})).toBeNull();
  });
});
