import type { MouseEvent } from 'react';
import type { ReviewItem } from '../../protocol/content-api.ts';
import { formatCount, formatRelativeTime } from '../lib/format.ts';
import { hrefOf, openContent, useAppNavigate, type AppNavigate } from '../lib/navigation.ts';
import { MaskedImage } from './ui/masked-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import styles from './review-card.module.css';
import { useTranslation } from '../i18n/index.ts';
import badge from './ui/badge.module.css';
import panel from './ui/panel.module.css';

/** Plain clicks navigate inside the app; modified clicks keep the browser's own behaviour. */
function inApp(navigate: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate();
  };
}

export function openReview(id: number, navigate: AppNavigate): void {
  navigate('/reviewDetail', { id });
}

/**
 * A review in a list (/nav/reviews, /tagReviews, 精选影评 on the video page): author, score, title,
 * summary and counts open the review; the reviewed video is its own link beneath. `showVideo`
 * is off where the video is the page itself.
 */
export function ReviewCard({ review, showVideo = true }: { review: ReviewItem; showVideo?: boolean }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <article className={`${panel.panel} ${styles.card}`} data-testid="review-card" data-review-id={review.id}>
      <a className={styles.main} href={hrefOf('/reviewDetail', { id: review.id })} onClick={inApp(() => openReview(review.id, navigate))}>
        <span className={styles.head}>
          <MaskedImage path={review.author.avatar} width={128} height={128} alt="" className={styles.avatar} sizes="32px" />
          <span className={styles.author}>{review.author.nickname}</span>
          <time className={styles.time} dateTime={review.createdAt}>
            {formatRelativeTime(review.createdAt)}
          </time>
          <span className={styles.score} aria-label={t('reviews.scoreLabel', { score: review.score })} data-testid="review-score">
            {review.score}
            <small>{t('reviews.points')}</small>
          </span>
        </span>
        <h3 className={styles.title}>
          {review.selected ? <span className={`${badge.badge} ${styles.badge}`}>{t('sort.selected')}</span> : null}
          {review.title}
        </h3>
        <p className={styles.summary}>{review.summary}</p>
        <span className={styles.stats}>
          <span>{t('counts.likes', { count: formatCount(review.likeCount) })}</span>
          <span>{t('counts.comments', { count: formatCount(review.commentCount) })}</span>
        </span>
      </a>
      {showVideo ? (
        <a
          className={styles.video}
          href={hrefOf('/videoDetails', { id: review.video.id })}
          onClick={inApp(() => openContent(review.video, navigate))}
          data-testid="review-video-link"
          data-video-id={review.video.id}
        >
          <MaskedImage
            path={review.video.cover}
            width={review.video.coverWidth || 640}
            height={review.video.coverHeight || 360}
            alt=""
            className={styles.videoCover}
            sizes="96px"
          />
          <span className={styles.videoText}>
            <span className={styles.videoLabel}>{t('reviews.video')}</span>
            <span className={styles.videoTitle}>{review.video.title}</span>
          </span>
        </a>
      ) : null}
    </article>
  );
}

/** Same footprint as a card while a page of reviews loads. */
export function ReviewCardSkeleton() {
  return (
    <div className={`${panel.panel} ${styles.card}`} aria-hidden="true">
      <div className={styles.main}>
        <Skeleton className={styles.lineShort} />
        <Skeleton className={styles.lineWide} />
        <Skeleton className={styles.lineBlock} />
      </div>
    </div>
  );
}
