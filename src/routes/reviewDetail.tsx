import { createFileRoute } from '@tanstack/react-router';
import { ReviewDetailPage, ReviewNotFound } from '../features/reviews/review-detail-page.tsx';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/reviewDetail')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalNumber(search.id),
  }),
  component: function ReviewDetailRoute() {
    const { id } = Route.useSearch();
    if (id === undefined || !Number.isInteger(id) || id <= 0) return <ReviewNotFound />;
    return <ReviewDetailPage key={id} id={id} />;
  },
});
