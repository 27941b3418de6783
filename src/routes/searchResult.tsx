import { createFileRoute } from '@tanstack/react-router';
import { SearchResultPage } from '../features/search/search-result-page.tsx';
import { searchTabOf } from '../features/search/search-tabs.ts';
import { optionalNumber, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/searchResult')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string; type?: string; contentType?: number } => ({
    keyword: optionalString(search.keyword),
    type: optionalString(search.type),
    contentType: optionalNumber(search.contentType),
  }),
  component: function SearchResultRoute() {
    const { keyword, type } = Route.useSearch();
    return <SearchResultPage keyword={keyword ?? ''} tab={searchTabOf(type)} />;
  },
});
