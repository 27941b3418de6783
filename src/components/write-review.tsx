import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { CONTENT_API, type ReviewAdded, type SearchResult } from '../../protocol/content-api.ts';
import { REVIEW_CONTENT_MAX, REVIEW_TITLE_MAX } from '../../protocol/content-values.ts';
import { useTranslation } from '../i18n/index.ts';
import { apiPost } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { Field } from './ui/form-field.tsx';
import { MaskedImage } from './ui/masked-image.tsx';
import { SheetDialog } from './ui/sheet-dialog.tsx';
import button from './ui/button.module.css';
import fields from './ui/form.module.css';
import styles from './write-review.module.css';

/** The video a review is about. */
export interface ReviewedVideo {
  id: number;
  title: string;
}

const SCORES = Array.from({ length: 10 }, (_, i) => i + 1);
const PICKER_RESULTS = 6;

/** Characters as the server counts them (code points, trimmed). */
const lengthOf = (text: string) => [...text.trim()].length;

/**
 * 写影评: a score of 1 to 10, a title and the text, sent once (one requestId per dialog) with review/add.
 * Opened from a video page it is about that video; opened elsewhere (/tagReviews) the member first
 * picks the video by searching for it, and may change it without losing what was typed. A published
 * review opens in /reviewDetail; a held one says it waits for approval.
 */
export function WriteReviewDialog({ video: given, onClose }: { video?: ReviewedVideo; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [video, setVideo] = useState<ReviewedVideo | undefined>(given);
  const [picking, setPicking] = useState(!given);
  const [score, setScore] = useState(0);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ video?: string; score?: string; title?: string; content?: string }>({});
  const [requestId] = useState(() => crypto.randomUUID());
  const write = useMutation({
    mutationFn: (videoId: number) => apiPost<ReviewAdded>(CONTENT_API.reviewAdd, { videoId, title, content, score, requestId }),
    onSuccess: (added, videoId) => {
      void client.invalidateQueries({ queryKey: ['video', videoId, 'reviews'] });
      void client.invalidateQueries({ queryKey: ['reviews'] });
      toast(added.status === 'pending' ? t('writeReview.pending') : t('writeReview.published'));
      onClose();
      if (added.status === 'published') void navigate({ to: '/reviewDetail', search: { id: added.id } });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!video) next.video = t('writeReview.videoRequired');
    if (!score) next.score = t('writeReview.scoreRequired');
    if (!title.trim()) next.title = t('writeReview.titleRequired');
    else if (lengthOf(title) > REVIEW_TITLE_MAX) next.title = t('publish.titleTooLong', { max: REVIEW_TITLE_MAX });
    if (!content.trim()) next.content = t('writeReview.contentRequired');
    else if (lengthOf(content) > REVIEW_CONTENT_MAX) next.content = t('publish.contentTooLong', { max: REVIEW_CONTENT_MAX });
    setErrors(next);
    if (next.video) {
      setPicking(true);
      return;
    }
    if (next.score || next.title || next.content || !video) return;
    write.mutate(video.id);
  }

  const heading = video ? t('writeReview.dialogTitle', { title: video.title }) : t('writeReview.open');
  return (
    <SheetDialog heading={heading} onClose={onClose} busy={write.isPending} testId="write-review-dialog">
      <form className={styles.form} onSubmit={submit} noValidate>
        {!given ? (
          <fieldset className={styles.group}>
            <legend className={fields.label}>{t('writeReview.videoLabel')}</legend>
            {picking ? (
              <VideoPicker
                onPick={(picked) => {
                  setVideo(picked);
                  setPicking(false);
                  setErrors(({ video: _done, ...rest }) => rest);
                }}
                onCancel={video ? () => setPicking(false) : undefined}
              />
            ) : video ? (
              <p className={styles.chosen} data-testid="review-video">
                <span className={styles.chosenTitle}>{video.title}</span>
                <button type="button" className={`${button.button} ${button.small}`} onClick={() => setPicking(true)} data-testid="review-change-video">
                  {t('writeReview.changeVideo')}
                </button>
              </p>
            ) : null}
            <p className={fields.error} aria-live="polite" data-testid="review-video-error">
              {errors.video ?? ''}
            </p>
          </fieldset>
        ) : null}
        <fieldset className={styles.group}>
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

/** Finds the video to review: the search's video results for what is typed, each a button. */
function VideoPicker({ onPick, onCancel }: { onPick: (video: ReviewedVideo) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const wanted = useDeferredValue(keyword.trim());
  const results = useQuery({
    queryKey: ['review-video-picker', wanted],
    queryFn: () => apiPost<SearchResult>(CONTENT_API.search, { keyword: wanted, type: 'video', page: 1, pageSize: PICKER_RESULTS }, { quiet: true }),
    enabled: wanted.length > 0,
    staleTime: 60_000,
  });
  const videos = results.data?.videos?.list ?? [];
  return (
    <div className={styles.picker} data-testid="review-video-picker">
      <div className={styles.searchRow}>
        <input
          id={`${id}-search`}
          className={fields.input}
          type="search"
          value={keyword}
          placeholder={t('writeReview.searchVideo')}
          aria-label={t('writeReview.searchVideo')}
          aria-controls={`${id}-results`}
          enterKeyHint="search"
          // Enter searches, it never sends the review.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="review-video-search"
        />
        {onCancel ? (
          <button type="button" className={`${button.button} ${button.small}`} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
      <ul id={`${id}-results`} className={styles.results} aria-busy={results.isFetching} aria-live="polite">
        {videos.map((video) => (
          <li key={video.id}>
            <button type="button" className={styles.result} onClick={() => onPick({ id: video.id, title: video.title })} data-testid="review-video-option">
              <MaskedImage path={video.cover} width={video.coverWidth} height={video.coverHeight} alt="" className={styles.thumb} sizes="96px" />
              <span className={styles.resultTitle}>{video.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {wanted && results.isSuccess && videos.length === 0 ? <p className={styles.note}>{t('writeReview.noVideo', { keyword: wanted })}</p> : null}
      {results.isError ? <p className={styles.note}>{t('writeReview.searchFailed')}</p> : null}
      {!wanted ? <p className={styles.note}>{t('writeReview.searchHint')}</p> : null}
    </div>
  );
}
