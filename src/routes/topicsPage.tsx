import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/topicsPage')({
  validateSearch: (search: Record<string, unknown>): { id?: number; sort?: number } => ({
    id: optionalNumber(search.id),
    sort: optionalNumber(search.sort),
  }),
  component: () => <PlaceholderPage title="专题" />,
});
