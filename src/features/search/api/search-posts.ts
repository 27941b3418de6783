import type { Page } from '../../../../protocol/api.ts';
import type { PostItem } from '../../../../protocol/content-api.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { hasKeyword, SEARCH_PAGE_SIZE, searchKeys, searchPage } from './search-videos.ts';

/** Posts per page of the 相关帖子 section: a few above the videos, more on request. */
export const SECTION_POSTS = 3;

export const useSearchPosts = pagedQuery<[string], Page<PostItem>>({
  key: searchKeys.posts,
  fetch: (page, keyword) => searchPage({ keyword, type: 'post', page, pageSize: SECTION_POSTS }, (result) => result.posts),
  enabled: hasKeyword,
});

/** The 帖子 tab: every matching post, a page as the list scrolls. */
export const useSearchPostList = pagedQuery<[string], Page<PostItem>>({
  key: searchKeys.postList,
  fetch: (page, keyword) => searchPage({ keyword, type: 'post', page, pageSize: SEARCH_PAGE_SIZE }, (result) => result.posts),
  enabled: hasKeyword,
});
