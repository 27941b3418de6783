import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/search/search-page.tsx';
import { optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/searchPage')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    keyword: optionalString(search.keyword),
  }),
  component: function SearchPageRoute() {
    return <SearchPage keyword={Route.useSearch().keyword} />;
  },
});
