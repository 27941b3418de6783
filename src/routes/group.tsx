import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/group')({
  validateSearch: (search: Record<string, unknown>): { type?: string } => ({
    type: optionalString(search.type),
  }),
  component: () => <PlaceholderPage page="group" />,
});
