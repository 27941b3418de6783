import { Link } from '@tanstack/react-router';
import type { ReviewItem } from '../../../../protocol/content-api.ts';
import { ReviewCard } from '../../../components/review-card.tsx';
import styles from './selected-reviews.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import grid from '../../../components/ui/grid.module.css';
import section from './video-section.module.css';

/** 精选影评: the selected reviews the video detail carries; nothing at all when it has none. */
export function SelectedReviews({ reviews }: { reviews: readonly ReviewItem[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0) return null;
  return (
    <section className={section.section} aria-labelledby="selected-reviews-heading" data-testid="selected-reviews">
      <div className={section.head}>
        <h2 id="selected-reviews-heading" className={section.heading}>
          {t('video.selectedReviews')} <span className={section.count}>{reviews.length}</span>
        </h2>
        <Link to="/nav/reviews" search={{ tab: 'selected' }} className={styles.more}>
          {t('video.moreSelected')} ›
        </Link>
      </div>
      <div className={`${grid.grid} ${styles.list}`}>
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} showVideo={false} />
        ))}
      </div>
    </section>
  );
}
