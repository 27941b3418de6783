import { useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX } from '../../../protocol/support-api.ts';
import { ImageUploadTiles, useImageUploads, type PickedImage } from '../../components/image-uploads.tsx';
import { Field } from '../../components/ui/form-field.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import fields from '../../components/ui/form.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { uploadFeedbackImage, useFeedbackCategories, useSendFeedback } from './api/feedback.ts';
import styles from './feedback.module.css';

type FieldName = 'category' | 'content' | 'contact' | 'images';
type Errors = Partial<Record<FieldName | 'form', string>>;

/** Characters as the server counts them (code points after NFKC, trimmed). */
const lengthOf = (text: string) => [...text.trim().normalize('NFKC')].length;

/** Which field a refusal of the server is about (its tips are the same Chinese in every language). */
function fieldOfTip(tip: string): FieldName | 'form' {
  if (tip.includes('反馈类型')) return 'category';
  if (tip.includes('反馈内容')) return 'content';
  if (tip.includes('联系方式')) return 'contact';
  if (tip.includes('图片')) return 'images';
  return 'form';
}

/**
 * The feedback form of /contactUs: a type, the text with its counter, an optional contact and up to
 * three screenshots, each uploaded as soon as it is picked (with its state, retry and remove).
 * Guests may send it. A failure shows beside its field and keeps everything typed; success thanks
 * the sender and empties the form.
 */
export function FeedbackForm() {
  const { t } = useTranslation();
  const id = useId();
  const categories = useFeedbackCategories();
  const send = useSendFeedback();
  const [categoryId, setCategoryId] = useState<number>();
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [shots, setShots] = useState<PickedImage[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  // One id per attempt that reached the server: a retry after a lost answer is the same feedback.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const categoryGroup = useRef<HTMLUListElement>(null);

  const clearError = (field: FieldName) => setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);

  const uploads = useImageUploads({
    count: shots.length,
    max: FEEDBACK_IMAGES_MAX,
    setImages: setShots,
    upload: (file) => uploadFeedbackImage(file, file.name || 'screenshot.png'),
    text: {
      tooMany: t('support.tooManyImages', { max: FEEDBACK_IMAGES_MAX }),
      notImage: (name) => t('support.notImage', { name }),
      tooBig: (name) => t('support.imageTooBig', { name }),
      failed: t('support.uploadFailed'),
    },
    onChange: () => clearError('images'),
  });

  function reset() {
    uploads.reset(shots);
    setCategoryId(undefined);
    setContent('');
    setContact('');
    setShots([]);
    setErrors({});
  }

  function focus(field: FieldName) {
    if (field === 'category') categoryGroup.current?.querySelector('button')?.focus();
    else if (field === 'images') document.getElementById(`${id}-add-image`)?.focus();
    else document.getElementById(`${id}-${field}`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (categoryId === undefined) next.category = t('support.categoryRequired');
    if (!content.trim()) next.content = t('support.contentRequired');
    else if (lengthOf(content) > FEEDBACK_CONTENT_MAX) next.content = t('support.contentTooLong', { max: FEEDBACK_CONTENT_MAX });
    if (lengthOf(contact) > FEEDBACK_CONTACT_MAX) next.contact = t('support.contactTooLong', { max: FEEDBACK_CONTACT_MAX });
    if (uploads.uploading) next.images = t('support.waitUploads');
    else if (uploads.failed) next.images = t('support.fixUploads');
    setErrors(next);
    const first = (['category', 'content', 'contact', 'images'] as const).find((f) => next[f]);
    if (first || categoryId === undefined) {
      if (first) focus(first);
      return;
    }
    const images = shots.map((s) => s.path).filter((p): p is string => p !== undefined);
    send.mutate(
      { categoryId, content, ...(contact.trim() ? { contact } : {}), ...(images.length > 0 ? { images } : {}), requestId },
      {
        onSuccess: (receipt) => {
          // Kept offline: the outbox said so and lists it below until it is sent.
          if (receipt) toast(t('support.thanks'));
          reset();
          setRequestId(crypto.randomUUID());
        },
        onError: (error) => {
          if (error instanceof ApiError && error.canceled) return;
          // The server answered: this attempt is over, the next one is new.
          if (error instanceof ApiError && error.response) setRequestId(crypto.randomUUID());
          const tip = error instanceof ApiError ? error.tip : t('errors.default');
          const field = fieldOfTip(tip);
          setErrors({ [field]: tip });
          if (field !== 'form') focus(field);
        },
      },
    );
  }

  const contentLength = lengthOf(content);
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="feedback-form">
      <fieldset className={styles.group} aria-describedby={`${id}-category-error`}>
        <legend className={fields.label}>{t('support.category')}</legend>
        {categories.isPending ? (
          <Loading className={chip.list}>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className={styles.chipSkeleton} />
            ))}
          </Loading>
        ) : categories.isError ? (
          <p className={styles.inline}>
            {t('support.categoriesFailed')}
            <button type="button" className={`${button.button} ${button.small}`} onClick={() => void categories.refetch()}>
              {t('support.retry')}
            </button>
          </p>
        ) : (
          <ul ref={categoryGroup} className={chip.list}>
            {categories.data.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`${chip.chip} ${hit.area}`}
                  aria-pressed={categoryId === c.id}
                  onClick={() => {
                    setCategoryId(c.id);
                    clearError('category');
                  }}
                  data-testid="feedback-category"
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className={fields.error} id={`${id}-category-error`} aria-live="polite" data-testid="feedback-category-error">
          {errors.category ?? ''}
        </p>
      </fieldset>

      <Field id={`${id}-content`} label={t('support.content')} error={errors.content}>
        <textarea
          id={`${id}-content`}
          className={`${fields.input} ${styles.textarea}`}
          value={content}
          rows={6}
          placeholder={t('support.contentPlaceholder')}
          aria-invalid={Boolean(errors.content)}
          aria-describedby={`${id}-content-error ${id}-content-count`}
          onChange={(e) => {
            setContent(e.target.value);
            if (errors.content) clearError('content');
          }}
          data-testid="feedback-content"
        />
      </Field>
      <p id={`${id}-content-count`} className={styles.count} data-over={contentLength > FEEDBACK_CONTENT_MAX} data-testid="feedback-count">
        {contentLength}/{FEEDBACK_CONTENT_MAX}
      </p>

      <Field id={`${id}-contact`} label={t('support.contact')} error={errors.contact}>
        <input
          id={`${id}-contact`}
          className={fields.input}
          value={contact}
          autoComplete="email"
          placeholder={t('support.contactPlaceholder')}
          aria-invalid={Boolean(errors.contact)}
          aria-describedby={`${id}-contact-error`}
          onChange={(e) => {
            setContact(e.target.value);
            if (errors.contact) clearError('contact');
          }}
          data-testid="feedback-contact"
        />
      </Field>

      <fieldset className={styles.group} aria-describedby={`${id}-images-hint ${id}-images-error`}>
        <legend className={fields.label}>{t('support.images', { count: shots.length, max: FEEDBACK_IMAGES_MAX })}</legend>
        <ImageUploadTiles
          images={shots}
          uploads={uploads}
          max={FEEDBACK_IMAGES_MAX}
          testId="feedback"
          addId={`${id}-add-image`}
          compact
          text={{
            add: t('support.addImage'),
            alt: (n) => t('support.imageAlt', { n }),
            remove: (n) => t('support.removeImage', { n }),
            uploading: (name) => t('support.uploading', { name }),
            uploadingShort: t('support.uploadingShort'),
            failed: t('support.uploadFailed'),
            retry: t('support.retryUpload'),
          }}
        />
        <p id={`${id}-images-hint`} className={styles.hint}>
          {t('support.imagesHint')}
        </p>
        <p className={fields.error} id={`${id}-images-error`} aria-live="polite" data-testid="feedback-images-error">
          {errors.images ?? ''}
        </p>
      </fieldset>

      <div className={styles.actions}>
        <p className={styles.formError} role="alert" data-testid="feedback-form-error">
          {errors.form ?? ''}
        </p>
        <button type="submit" className={`${button.button} ${button.primary} ${styles.submit}`} disabled={send.isPending} data-testid="feedback-submit">
          {send.isPending ? t('support.submitting') : t('support.submit')}
        </button>
      </div>
    </form>
  );
}
