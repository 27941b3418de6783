import type { TagCategory } from '../../../protocol/content-api.ts';
import type { SearchValue } from '../../lib/navigation.ts';
import type { ActressFilter } from './api/actress-keys.ts';
import { i18n } from '../../i18n/index.ts';

export type FilterChip =
  | { kind: 'all'; key: string; label: string }
  | { kind: 'category'; key: string; label: string; id: number }
  | { kind: 'tag'; key: string; label: string; id: number };

export interface ChipRow {
  key: string;
  chips: FilterChip[];
}

/** One row per performer category: the category itself, then its tags; 全部 leads the first row. */
export function filterRows(categories: readonly TagCategory[]): ChipRow[] {
  const all: FilterChip = { kind: 'all', key: 'all', label: i18n.t('actresses.all') };
  const rows = categories.map((category): ChipRow => ({
    key: `c${category.id}`,
    chips: [
      { kind: 'category', key: `c${category.id}`, label: category.name, id: category.id },
      ...category.tags.map((tag): FilterChip => ({ kind: 'tag', key: `t${tag.id}`, label: tag.name, id: tag.id })),
    ],
  }));
  if (rows[0]) rows[0].chips.unshift(all);
  else rows.push({ key: 'all', chips: [all] });
  return rows;
}

/** The highlighted chip: the tag when the query names one, else its category, else 全部. */
export function isActiveChip(chip: FilterChip, filter: ActressFilter): boolean {
  switch (chip.kind) {
    case 'tag':
      return filter.tid === chip.id;
    case 'category':
      return filter.tid === undefined && filter.tagCateId === chip.id;
    case 'all':
      return filter.tid === undefined && filter.tagCateId === undefined;
  }
}

/** Choosing a chip replaces the filter in the query; a non-default sort is kept. */
export function chipSearch(chip: FilterChip, sort: number): Record<string, SearchValue> {
  const kept = sort > 0 ? sort : undefined;
  switch (chip.kind) {
    case 'tag':
      return { tid: chip.id, sort: kept };
    case 'category':
      return { tagCateId: chip.id, sort: kept };
    case 'all':
      return { sort: kept };
  }
}

/** What the page heading names: the chosen tag or category, if the tag list knows it. */
export function filterTitle(categories: readonly TagCategory[], filter: ActressFilter): string | null {
  for (const category of categories) {
    if (filter.tid !== undefined) {
      const tag = category.tags.find((t) => t.id === filter.tid);
      if (tag) return tag.name;
    } else if (filter.tagCateId === category.id) {
      return category.name;
    }
  }
  return null;
}
