import { Screen } from '../../components/screen.tsx';
import { TabList } from '../../components/ui/tab-list.tsx';
import { useRouter } from '@tanstack/react-router';
import { hrefOf } from '../../lib/navigation.ts';
import { useReviewList } from './api/review-list.ts';
import { ReviewFeed } from './components/review-feed.tsx';
import { REVIEW_TABS, type ReviewTab } from './review-tabs.ts';
import styles from './reviews.module.css';
import underline from '../../components/ui/underline-tabs.module.css';
import { useTranslation } from '../../i18n/index.ts';

/** /nav/reviews?tab=: every review, newest or most liked first, or the selected (精选) ones. */
export function ReviewsPage({ tab }: { tab: ReviewTab }) {
  const { t } = useTranslation();
  const router = useRouter();
  const query = useReviewList(tab);
  // The tab lives in the query so a reload or a shared link keeps it; switching is not a new page.
  const select = (next: ReviewTab) => router.history.replace(hrefOf('/nav/reviews', { tab: next === 'latest' ? undefined : next }));
  return (
    <Screen title={t('reviews.title')} className={styles.page} testId="reviews-page">
      <TabList
        tabs={REVIEW_TABS.map((item) => ({ key: item.tab, label: t(`sort.${item.label}`), testId: 'review-tab' }))}
        selected={tab}
        onSelect={select}
        label={t('reviews.tabs')}
        className={`${underline.tabs} ${styles.tabs}`}
        tabClassName={`${underline.tab} ${styles.tab}`}
      />
      <div role="tabpanel" aria-label={t(`sort.${REVIEW_TABS.find((item) => item.tab === tab)!.label}`)}>
        <ReviewFeed query={query} emptyText={t('reviews.emptyAll')} />
      </div>
    </Screen>
  );
}
