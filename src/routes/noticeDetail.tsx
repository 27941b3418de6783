import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/noticeDetail')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalNumber(search.id),
  }),
  component: () => <PlaceholderPage page="noticeDetail" />,
});
