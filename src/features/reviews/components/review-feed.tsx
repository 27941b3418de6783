import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import type { ReviewItem } from '../../../../protocol/content-api.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ReviewCard, ReviewCardSkeleton } from '../../../components/review-card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import grid from '../../../components/ui/grid.module.css';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { uniqueItems } from '../../../lib/paging.ts';
import styles from '../reviews.module.css';
import { useTranslation } from '../../../i18n/index.ts';

export type ReviewFeedQuery = UseInfiniteQueryResult<InfiniteData<Page<ReviewItem>>>;

/** A paged list of review cards with its loading, failure, empty and end states. */
export function ReviewFeed({ query, emptyText }: { query: ReviewFeedQuery; emptyText: string }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className={`${grid.grid} ${styles.feed}`} aria-busy="true" aria-label={t('common.loading')} data-testid="review-feed-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <ReviewCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  const reviews = uniqueItems(query.data.pages);
  if (reviews.length === 0) {
    return (
      <div data-testid="review-feed-empty">
        <EmptyState title={t('reviews.empty')} description={emptyText} />
      </div>
    );
  }
  return (
    <section aria-label={t('reviews.list')}>
      <div className={`${grid.grid} ${styles.feed}`} data-testid="review-feed">
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
        {query.isFetchingNextPage ? Array.from({ length: 2 }, (_, i) => <ReviewCardSkeleton key={`more-${i}`} />) : null}
      </div>
      <ListFooter
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
    </section>
  );
}
