import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActressItem, SearchResult, TagItem } from '../../../../protocol/content-api.ts';
import { CONTENT_API } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { searchKeys } from './search-videos.ts';

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

export function searchSectionsQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: [...searchKeys.all, 'sections', keyword] as const,
    queryFn: () => searchSections(keyword),
    staleTime: 60_000,
    enabled: keyword.trim().length > 0,
  });
}

export function useSearchSections(keyword: string) {
  return useQuery(searchSectionsQueryOptions(keyword));
}
