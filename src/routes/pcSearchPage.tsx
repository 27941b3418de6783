import { createFileRoute, redirect } from '@tanstack/react-router';
import { optionalString } from '../lib/search-params.ts';

/**
 * The old desktop search page: the header's box searches on desktop now, so old links go to the
 * results of their keyword, or to the search page (history and hot searches) without one.
 */
export const Route = createFileRoute('/pcSearchPage')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    keyword: optionalString(search.keyword),
  }),
  beforeLoad: ({ search }) => {
    const keyword = search.keyword?.trim();
    if (keyword) throw redirect({ to: '/searchResult', search: { keyword }, replace: true });
    throw redirect({ to: '/searchPage', search: {}, replace: true });
  },
});
