import { createFileRoute } from '@tanstack/react-router';
import { TagDetailsPage } from '../features/tags/tag-details-page.tsx';
import { numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagDetails')({
  validateSearch: numberSearch('tid', 'sort', 'contentType', 'tagCateId'),
  component: function TagDetailsRoute() {
    const { tid, tagCateId, contentType, sort } = Route.useSearch();
    return <TagDetailsPage subject={{ tid, tagCateId, contentType }} sort={sort ?? 0} />;
  },
});
