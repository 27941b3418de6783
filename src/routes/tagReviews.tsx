import { createFileRoute } from '@tanstack/react-router';
import { TagReviewsNotFound, TagReviewsPage } from '../features/reviews/tag-reviews-page.tsx';
import { tagReviewSortOf } from '../features/reviews/review-tabs.ts';
import { isValidId, numberSearch } from '../lib/search-params.ts';

export const Route = createFileRoute('/tagReviews')({
  validateSearch: numberSearch('tid', 'tagCateId', 'sort'),
  component: function TagReviewsRoute() {
    const { tid, tagCateId, sort } = Route.useSearch();
    if (!isValidId(tid) && !isValidId(tagCateId)) return <TagReviewsNotFound />;
    return <TagReviewsPage subject={isValidId(tid) ? { tid } : { tagCateId }} sort={tagReviewSortOf(sort)} />;
  },
});
