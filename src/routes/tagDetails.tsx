import { createFileRoute } from '@tanstack/react-router';
import { TagDetailsPage } from '../features/tags/tag-details-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagDetails')({
  validateSearch: (search: Record<string, unknown>): { tid?: number; sort?: number; contentType?: number; tagCateId?: number } => ({
    tid: optionalNumber(search.tid),
    sort: optionalNumber(search.sort),
    contentType: optionalNumber(search.contentType),
    tagCateId: optionalNumber(search.tagCateId),
  }),
  component: function TagDetailsRoute() {
    const { tid, tagCateId, contentType, sort } = Route.useSearch();
    return <TagDetailsPage subject={{ tid, tagCateId, contentType }} sort={sort ?? 0} />;
  },
});
