import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewItem } from '../../../../protocol/content-api.ts';
import { ReviewCard } from '../../../components/review-card.tsx';
import { WriteReviewDialog } from '../../../components/write-review.tsx';
import button from '../../../components/ui/button.module.css';
import grid from '../../../components/ui/grid.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { appStore } from '../../../stores/app-store.ts';
import { showLogin } from '../../../stores/auth-store.ts';
import section from './video-section.module.css';
import styles from './video-reviews.module.css';

const SHOWN = 4;
const reviewsKey = (videoId: number) => ['video', videoId, 'reviews'] as const;

/** The video's newest reviews (review/list by videoId). */
const useVideoReviews = readQuery({
  key: reviewsKey,
  fetch: (videoId: number) => apiPost<Page<ReviewItem>>(CONTENT_API.reviewList, { videoId, sort: 'latest', page: 1, pageSize: SHOWN }),
  staleTime: FRESH.list,
});

/** 影评: the video's newest reviews and 写影评, which asks guests to sign in first. */
export function VideoReviews({ videoId, videoTitle }: { videoId: number; videoTitle: string }) {
  const { t } = useTranslation();
  const member = useSnapshot(appStore).userInfo?.isUser ?? false;
  const query = useVideoReviews(videoId);
  const [writing, setWriting] = useState(false);
  const reviews = query.data?.list ?? [];
  return (
    <section className={section.section} aria-labelledby="video-reviews-heading" data-testid="video-reviews">
      <div className={section.head}>
        <h2 id="video-reviews-heading" className={section.heading}>
          {t('writeReview.heading')} <span className={section.count}>{query.data?.total ?? ''}</span>
        </h2>
        <button
          type="button"
          className={`${button.button} ${button.small}`}
          onClick={() => (member ? setWriting(true) : showLogin())}
          data-testid="write-review"
        >
          {t('writeReview.open')}
        </button>
      </div>
      {reviews.length > 0 ? (
        <div className={`${grid.grid} ${styles.list}`}>
          {reviews.map((review) => (
            <ReviewCard key={review.id} review={review} showVideo={false} />
          ))}
        </div>
      ) : query.isSuccess ? (
        <p className={styles.empty}>{t('writeReview.empty')}</p>
      ) : null}
      {writing ? <WriteReviewDialog video={{ id: videoId, title: videoTitle }} onClose={() => setWriting(false)} /> : null}
    </section>
  );
}
