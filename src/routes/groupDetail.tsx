import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../features/common/placeholder-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/groupDetail')({
  validateSearch: numberSearch('id'),
  component: () => <PlaceholderPage page="groupDetail" />,
});
