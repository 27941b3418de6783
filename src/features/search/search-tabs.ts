/** The tabs of /searchResult (?type=): 综合 mixes every section, the others list one type. */
export const SEARCH_TABS = ['all', 'video', 'actress', 'tag', 'post'] as const;

export type SearchTab = (typeof SEARCH_TABS)[number];

/** The tab a ?type= names; anything else is 综合. */
export function searchTabOf(value: unknown): SearchTab {
  return SEARCH_TABS.find((tab) => tab === value) ?? 'all';
}
