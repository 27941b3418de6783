import { createFileRoute } from '@tanstack/react-router';
import { SearchResultPage } from '../features/search/search-result-page.tsx';
import { optionalNumber, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/searchResult')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string; contentType?: number } => ({
    keyword: optionalString(search.keyword),
    contentType: optionalNumber(search.contentType),
  }),
  component: function SearchResultRoute() {
    return <SearchResultPage keyword={Route.useSearch().keyword ?? ''} />;
  },
});
