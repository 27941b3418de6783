import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/searchResult')({
  validateSearch: (search: Record<string, unknown>): { keyword?: string; contentType?: number } => ({
    keyword: optionalString(search.keyword),
    contentType: optionalNumber(search.contentType),
  }),
  component: () => <PlaceholderPage title="搜索结果" />,
});
