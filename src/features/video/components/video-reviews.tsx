import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { Page } from '../../../../protocol/api.ts';
import { CONTENT_API, type ReviewAdded, type ReviewItem } from '../../../../protocol/content-api.ts';
import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '../../../../protocol/contracts/content.ts';
import { ReviewCard } from '../../../components/review-card.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import button from '../../../components/ui/button.module.css';
import fields from '../../../components/ui/form.module.css';
import grid from '../../../components/ui/grid.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { FRESH, readQuery } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.ts';
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
      {writing ? <WriteReviewDialog videoId={videoId} videoTitle={videoTitle} onClose={() => setWriting(false)} /> : null}
    </section>
  );
}

const SCORES = Array.from({ length: 10 }, (_, i) => i + 1);

function WriteReviewDialog({ videoId, videoTitle, onClose }: { videoId: number; videoTitle: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [score, setScore] = useState(0);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ score?: string; title?: string; content?: string }>({});
  const [requestId] = useState(() => crypto.randomUUID());
  const write = useMutation({
    mutationFn: () => apiPost<ReviewAdded>(CONTENT_API.reviewAdd, { videoId, title, content, score, requestId }),
    onSuccess: (added) => {
      void client.invalidateQueries({ queryKey: reviewsKey(videoId) });
      void client.invalidateQueries({ queryKey: ['reviews'] });
      toast(added.status === 'pending' ? t('writeReview.pending') : t('writeReview.published'));
      onClose();
      if (added.status === 'published') void navigate({ to: '/reviewDetail', search: { id: added.id } });
    },
  });
  const length = (s: string) => [...s.trim()].length;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!score) next.score = t('writeReview.scoreRequired');
    if (!title.trim()) next.title = t('writeReview.titleRequired');
    else if (length(title) > REVIEW_TITLE_MAX) next.title = t('publish.titleTooLong', { max: REVIEW_TITLE_MAX });
    if (!content.trim()) next.content = t('writeReview.contentRequired');
    else if (length(content) > REVIEW_CONTENT_MAX) next.content = t('publish.contentTooLong', { max: REVIEW_CONTENT_MAX });
    setErrors(next);
    if (next.score || next.title || next.content) return;
    write.mutate();
  }

  return (
    <SheetDialog heading={t('writeReview.dialogTitle', { title: videoTitle })} onClose={onClose} busy={write.isPending} testId="write-review-dialog">
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.scores}>
          <legend className={fields.label}>{t('writeReview.scoreLabel')}</legend>
          <div className={styles.scoreRow} role="radiogroup" aria-describedby="review-score-error">
            {SCORES.map((n) => (
              <label key={n} className={styles.score} data-on={n <= score}>
                <input type="radio" name="review-score" value={n} checked={score === n} onChange={() => setScore(n)} className={styles.radio} />
                {n}
              </label>
            ))}
          </div>
          <p className={fields.error} id="review-score-error" aria-live="polite">
            {errors.score ?? ''}
          </p>
        </fieldset>
        <Field id="review-title" label={t('publish.titleLabel')} error={errors.title}>
          <input
            id="review-title"
            className={fields.input}
            value={title}
            aria-invalid={Boolean(errors.title)}
            aria-describedby="review-title-error"
            onChange={(e) => setTitle(e.target.value)}
            data-testid="review-title-input"
          />
        </Field>
        <Field id="review-content" label={t('writeReview.contentLabel')} error={errors.content}>
          <textarea
            id="review-content"
            className={`${fields.input} ${styles.textarea}`}
            rows={6}
            value={content}
            placeholder={t('writeReview.contentPlaceholder')}
            aria-invalid={Boolean(errors.content)}
            aria-describedby="review-content-error"
            onChange={(e) => setContent(e.target.value)}
            data-testid="review-content-input"
          />
        </Field>
        <button type="submit" className={`${button.button} ${button.primary} ${button.block}`} disabled={write.isPending} data-testid="review-submit">
          {write.isPending ? t('publish.publishing') : t('writeReview.submit')}
        </button>
      </form>
    </SheetDialog>
  );
}
