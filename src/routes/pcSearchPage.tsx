import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/pcSearchPage')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string } => ({
    keyword: optionalString(search.keyword),
  }),
  component: () => <PlaceholderPage title="搜索" />,
});
