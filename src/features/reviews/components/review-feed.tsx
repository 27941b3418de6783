import { PagedList } from '../../../components/paged-list.tsx';
import { Loading } from '../../../components/ui/skeleton.tsx';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import type { ReviewItem } from '../../../../protocol/content-api.ts';
import { ReviewCard, ReviewCardSkeleton } from '../../../components/review-card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import grid from '../../../components/ui/grid.module.css';
import styles from '../reviews.module.css';
import { useTranslation } from '../../../i18n/index.ts';

export type ReviewFeedQuery = UseInfiniteQueryResult<InfiniteData<Page<ReviewItem>>>;

/** A paged list of review cards with its loading, failure, empty and end states. */
export function ReviewFeed({ query, emptyText }: { query: ReviewFeedQuery; emptyText: string }) {
  const { t } = useTranslation();
  const loading = (
    <Loading className={`${grid.grid} ${styles.feed}`} testId="review-feed-loading" count={4}>
      <ReviewCardSkeleton />
    </Loading>
  );
  const empty = (
    <div data-testid="review-feed-empty">
      <EmptyState title={t('reviews.empty')} description={emptyText} />
    </div>
  );
  return (
    <PagedList query={query} label={t('reviews.list')} heading loading={loading} empty={empty}>
      {(reviews) => (
        <div className={`${grid.grid} ${styles.feed}`} data-testid="review-feed">
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
          {query.isFetchingNextPage ? Array.from({ length: 2 }, (_, i) => <ReviewCardSkeleton key={`more-${i}`} />) : null}
        </div>
      )}
    </PagedList>
  );
}
