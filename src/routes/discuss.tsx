import { createFileRoute } from '@tanstack/react-router';
import { DiscussPage } from '../features/posts/discuss-page.tsx';
import { isValidId, numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/discuss')({
  validateSearch: numberSearch('tag', 'sort'),
  component: function DiscussRoute() {
    const { tag, sort } = Route.useSearch();
    return <DiscussPage tagId={isValidId(tag) ? tag : undefined} sort={sort === 1 ? 'hot' : 'latest'} />;
  },
});
