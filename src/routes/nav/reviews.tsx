import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/reviews/reviews-page.tsx';
import { reviewTabOf, type ReviewTab } from '../../features/reviews/review-tabs.ts';

export const Route = createFileRoute('/nav/reviews')({
  validateSearch: (search: Record<string, unknown>): { tab?: ReviewTab } => ({
    tab: search.tab === undefined ? undefined : reviewTabOf(search.tab),
  }),
  component: function ReviewsRoute() {
    const { tab } = Route.useSearch();
    return <ReviewsPage tab={tab ?? 'latest'} />;
  },
});
