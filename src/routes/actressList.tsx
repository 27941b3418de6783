import { createFileRoute } from '@tanstack/react-router';
import { ActressListPage } from '../features/actress/actress-list-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/actressList')({
  validateSearch: numberSearch('tid', 'tagCateId', 'sort'),
  component: function ActressListRoute() {
    const { tid, tagCateId, sort } = Route.useSearch();
    return <ActressListPage filter={{ tid, tagCateId }} sort={sort ?? 0} />;
  },
});
