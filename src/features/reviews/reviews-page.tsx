import { useRouter } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { hrefOf } from '../../lib/navigation.ts';
import { useReviewList } from './api/review-list.ts';
import { ReviewFeed } from './components/review-feed.tsx';
import { REVIEW_TABS, type ReviewTab } from './review-tabs.ts';
import styles from './reviews.module.css';

/** /nav/reviews?tab=: every review, newest or most liked first, or the selected (精选) ones. */
export function ReviewsPage({ tab }: { tab: ReviewTab }) {
  const router = useRouter();
  const query = useReviewList(tab);
  // The tab lives in the query so a reload or a shared link keeps it; switching is not a new page.
  const select = (next: ReviewTab) => router.history.replace(hrefOf('/nav/reviews', { tab: next === 'latest' ? undefined : next }));
  return (
    <main className={`page ${styles.page}`} data-testid="reviews-page">
      <PageHeader title="影评" />
      <div className={styles.tabs} role="tablist" aria-label="影评分类">
        {REVIEW_TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={t.tab === tab}
            onClick={() => t.tab !== tab && select(t.tab)}
            data-testid="review-tab"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={REVIEW_TABS.find((t) => t.tab === tab)!.label}>
        <ReviewFeed query={query} emptyText="还没有人写影评，看完视频来写第一篇吧" />
      </div>
    </main>
  );
}
