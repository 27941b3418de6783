import { createFileRoute } from '@tanstack/react-router';
import { TagReviewsNotFound, TagReviewsPage } from '../features/reviews/tag-reviews-page.tsx';
import { tagReviewSortOf } from '../features/reviews/review-tabs.ts';
import { optionalNumber } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagReviews')({
  validateSearch: (search: Record<string, unknown>): { tid?: number; tagCateId?: number; sort?: number } => ({
    tid: optionalNumber(search.tid),
    tagCateId: optionalNumber(search.tagCateId),
    sort: optionalNumber(search.sort),
  }),
  component: function TagReviewsRoute() {
    const { tid, tagCateId, sort } = Route.useSearch();
    const valid = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n > 0;
    if (!valid(tid) && !valid(tagCateId)) return <TagReviewsNotFound />;
    const subject = valid(tid) ? { tid } : { tagCateId };
    return <TagReviewsPage subject={subject} sort={tagReviewSortOf(sort)} />;
  },
});
