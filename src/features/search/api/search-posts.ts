import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type PostItem, type SearchResult } from '../../../../protocol/content-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { nextPageOf } from '../../../lib/paging.ts';
import { searchKeys } from './search-videos.ts';

/** Posts per page of the 相关帖子 section: a few above the videos, more on request. */
export const SECTION_POSTS = 3;

export async function searchPosts(keyword: string, page: number): Promise<Page<PostItem>> {
  const result = await apiPost<SearchResult>(CONTENT_API.search, { keyword, type: 'post', page, pageSize: SECTION_POSTS });
  return result.posts ?? { list: [], page, pageSize: SECTION_POSTS, total: 0, hasMore: false };
}

export function searchPostsQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: [...searchKeys.all, 'post', keyword] as const,
    queryFn: ({ pageParam }) => searchPosts(keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<PostItem>,
    staleTime: 60_000,
    enabled: keyword.trim().length > 0,
  });
}

export function useSearchPosts(keyword: string) {
  return useInfiniteQuery(searchPostsQueryOptions(keyword));
}
