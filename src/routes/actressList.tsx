import { createFileRoute } from '@tanstack/react-router';
import { ActressListPage } from '../features/actress/actress-list-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/actressList')({
  validateSearch: (search: Record<string, unknown>): { tid?: number; tagCateId?: number; sort?: number } => ({
    tid: optionalNumber(search.tid),
    tagCateId: optionalNumber(search.tagCateId),
    sort: optionalNumber(search.sort),
  }),
  component: function ActressListRoute() {
    const { tid, tagCateId, sort } = Route.useSearch();
    return <ActressListPage filter={{ tid, tagCateId }} sort={sort ?? 0} />;
  },
});
