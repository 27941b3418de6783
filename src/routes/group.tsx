import { createFileRoute } from '@tanstack/react-router';
import { GroupPage } from '../features/group/group-page.tsx';
import { groupTabOf } from '../features/group/group-tabs.ts';
import { optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/group')({
  validateSearch: (search: Record<string, unknown>): { type?: string } => ({
    type: optionalString(search.type),
  }),
  component: function GroupRoute() {
    const { type } = Route.useSearch();
    return <GroupPage tab={groupTabOf(type)} />;
  },
});
