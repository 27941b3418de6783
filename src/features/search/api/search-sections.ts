import type { ActressItem, SearchResult, TagItem } from '../../../../protocol/content-api.ts';
import { CONTENT_API } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { hasKeyword, searchKeys } from './search-videos.ts';

/** Creators shown above the video results; the rest is a refinement away. */
export const SECTION_ACTRESSES = 12;

export interface SearchSections {
  actresses: ActressItem[];
  actressTotal: number;
  tags: TagItem[];
}

/** The creator and tag sections of a search, in one call (type all would repeat the video page). */
export async function searchSections(keyword: string): Promise<SearchSections> {
  const [actresses, tags] = await Promise.all([
    apiPost<SearchResult>(CONTENT_API.search, { keyword, type: 'actress', page: 1, pageSize: SECTION_ACTRESSES }),
    apiPost<SearchResult>(CONTENT_API.search, { keyword, type: 'tag', page: 1, pageSize: 1 }),
  ]);
  return { actresses: actresses.actresses?.list ?? [], actressTotal: actresses.actresses?.total ?? 0, tags: tags.tags ?? [] };
}

export const useSearchSections = readQuery<[string], SearchSections>({
  key: searchKeys.sections,
  fetch: searchSections,
  staleTime: FRESH.list,
  enabled: hasKeyword,
});
