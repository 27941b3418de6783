import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { CONTENT_API, type SearchBody, type SearchResult } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQuery } from '../../../lib/queries.ts';

export const SEARCH_PAGE_SIZE = 20;

export const searchKeys = {
  all: ['search'] as const,
  videos: (keyword: string) => [...searchKeys.all, 'video', keyword] as const,
  posts: (keyword: string) => [...searchKeys.all, 'post', keyword] as const,
  /** The 帖子 tab's longer pages (the 综合 tab's section asks a few at a time under `posts`). */
  postList: (keyword: string) => [...searchKeys.all, 'post-list', keyword] as const,
  actresses: (keyword: string) => [...searchKeys.all, 'actress', keyword] as const,
  sections: (keyword: string) => [...searchKeys.all, 'sections', keyword] as const,
};

/** A search waits for a keyword: an empty box asks nothing. */
export const hasKeyword = (keyword: string): boolean => keyword.trim().length > 0;

/** One type's page of a search; a type the answer left out is an empty page. */
export async function searchPage<T>(body: SearchBody, pick: (result: SearchResult) => Page<T> | null | undefined): Promise<Page<T>> {
  const result = await apiPost<SearchResult>(CONTENT_API.search, body);
  return pick(result) ?? { list: [], page: body.page, pageSize: body.pageSize, total: 0, hasMore: false };
}

export const useSearchVideos = pagedQuery<[string], Page<VideoItem>>({
  key: searchKeys.videos,
  fetch: (page, keyword) => searchPage({ keyword, type: 'video', page, pageSize: SEARCH_PAGE_SIZE }, (result) => result.videos),
  enabled: hasKeyword,
});
