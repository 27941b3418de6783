import type { Page } from '../../../../protocol/api.ts';
import type { ActressItem } from '../../../../protocol/content-api.ts';
import { pagedQuery } from '../../../lib/queries.ts';
import { hasKeyword, searchKeys, searchPage } from './search-videos.ts';

/** Performers per page of the 演员 tab: rows of six and four fill evenly. */
export const ACTRESS_PAGE_SIZE = 24;

/** The 演员 tab: every matching performer, a page as the list scrolls. */
export const useSearchActresses = pagedQuery<[string], Page<ActressItem>>({
  key: searchKeys.actresses,
  fetch: (page, keyword) => searchPage({ keyword, type: 'actress', page, pageSize: ACTRESS_PAGE_SIZE }, (result) => result.actresses),
  enabled: hasKeyword,
});
