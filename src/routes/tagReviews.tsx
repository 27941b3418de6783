import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagReviews')({
  validateSearch: (search: Record<string, unknown>): { tid?: number } => ({
    tid: optionalNumber(search.tid),
  }),
  component: () => <PlaceholderPage title="标签影评" />,
});
