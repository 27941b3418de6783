import { createFileRoute } from '@tanstack/react-router';
import { PostDetailPage, PostNotFound } from '../features/posts/post-detail-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/postDetail')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalNumber(search.id),
  }),
  component: function PostDetailRoute() {
    const { id } = Route.useSearch();
    if (id === undefined || !Number.isInteger(id) || id <= 0) return <PostNotFound />;
    return <PostDetailPage key={id} id={id} />;
  },
});
