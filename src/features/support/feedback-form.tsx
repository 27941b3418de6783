import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX } from '../../../protocol/support-api.ts';
import { Field } from '../../components/ui/form-field.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import fields from '../../components/ui/form.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { uploadFeedbackImage, useFeedbackCategories, useSendFeedback } from './api/feedback.ts';
import styles from './feedback.module.css';

/** The server's limit per image; bigger files are refused here before any byte is sent. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

type UploadState = { status: 'uploading' } | { status: 'failed'; message: string };
type FieldName = 'category' | 'content' | 'contact' | 'images';
type Errors = Partial<Record<FieldName | 'form', string>>;

/** A screenshot picked for the feedback: its local preview, and its path once uploaded. */
interface Shot {
  key: string;
  name: string;
  preview: string;
  path?: string;
}

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
  const [shots, setShots] = useState<Shot[]>([]);
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const [errors, setErrors] = useState<Errors>({});
  // One id per attempt that reached the server: a retry after a lost answer is the same feedback.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const files = useRef(new Map<string, File>());
  /** Every local preview made here, revoked when the form goes. */
  const previews = useRef(new Set<string>());
  const picker = useRef<HTMLInputElement>(null);
  const categoryGroup = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const clearError = (field: FieldName) => setErrors(({ [field]: _fixed, form: _form, ...rest }) => rest);

  async function upload(key: string, file: File) {
    setUploads((u) => ({ ...u, [key]: { status: 'uploading' } }));
    try {
      const result = await uploadFeedbackImage(file, file.name || 'screenshot.png');
      setShots((list) => list.map((s) => (s.key === key ? { ...s, path: result.path } : s)));
      setUploads(({ [key]: _done, ...rest }) => rest);
      files.current.delete(key);
    } catch (error) {
      const message = (error instanceof ApiError && error.tip) || t('support.uploadFailed');
      setUploads((u) => ({ ...u, [key]: { status: 'failed', message } }));
    }
  }

  function pick(list: FileList | null) {
    if (!list) return;
    const room = FEEDBACK_IMAGES_MAX - shots.length;
    const chosen = [...list];
    if (chosen.length > room) toast(t('support.tooManyImages', { max: FEEDBACK_IMAGES_MAX }));
    const added: Shot[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        toast(t('support.notImage', { name: file.name }));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        toast(t('support.imageTooBig', { name: file.name }));
        continue;
      }
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      files.current.set(key, file);
      added.push({ key, name: file.name, preview });
    }
    if (added.length === 0) return;
    setShots((list) => [...list, ...added]);
    clearError('images');
    for (const shot of added) void upload(shot.key, files.current.get(shot.key)!);
  }

  function remove(shot: Shot) {
    setShots((list) => list.filter((s) => s.key !== shot.key));
    setUploads(({ [shot.key]: _gone, ...rest }) => rest);
    URL.revokeObjectURL(shot.preview);
    previews.current.delete(shot.preview);
    files.current.delete(shot.key);
    clearError('images');
  }

  function reset() {
    for (const shot of shots) {
      URL.revokeObjectURL(shot.preview);
      previews.current.delete(shot.preview);
    }
    files.current.clear();
    setCategoryId(undefined);
    setContent('');
    setContact('');
    setShots([]);
    setUploads({});
    setErrors({});
  }

  function focus(field: FieldName) {
    if (field === 'category') categoryGroup.current?.querySelector('button')?.focus();
    else if (field === 'images') picker.current?.parentElement?.querySelector('button')?.focus();
    else document.getElementById(`${id}-${field}`)?.focus();
  }

  const uploading = Object.values(uploads).some((u) => u.status === 'uploading');
  const failed = Object.values(uploads).some((u) => u.status === 'failed');

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (categoryId === undefined) next.category = t('support.categoryRequired');
    if (!content.trim()) next.content = t('support.contentRequired');
    else if (lengthOf(content) > FEEDBACK_CONTENT_MAX) next.content = t('support.contentTooLong', { max: FEEDBACK_CONTENT_MAX });
    if (lengthOf(contact) > FEEDBACK_CONTACT_MAX) next.contact = t('support.contactTooLong', { max: FEEDBACK_CONTACT_MAX });
    if (uploading) next.images = t('support.waitUploads');
    else if (failed) next.images = t('support.fixUploads');
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
        onSuccess: () => {
          toast(t('support.thanks'));
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
                  className={chip.chip}
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
        <ul className={styles.shots} data-testid="feedback-images">
          {shots.map((shot, n) => {
            const state = uploads[shot.key];
            return (
              <li key={shot.key} className={styles.shot} data-testid="feedback-image" data-state={state?.status ?? 'done'}>
                <img src={shot.preview} alt={t('support.imageAlt', { n: n + 1 })} className={styles.preview} />
                {state?.status === 'uploading' ? (
                  <span className={styles.progress} role="progressbar" aria-label={t('support.uploading', { name: shot.name })}>
                    <span className={styles.bar} />
                    {t('support.uploadingShort')}
                  </span>
                ) : null}
                {state?.status === 'failed' ? (
                  <button
                    type="button"
                    className={styles.retry}
                    title={state.message}
                    onClick={() => {
                      const file = files.current.get(shot.key);
                      if (file) void upload(shot.key, file);
                    }}
                    data-testid="feedback-image-retry"
                  >
                    <span>{t('support.uploadFailed')}</span>
                    <span>{t('support.retryUpload')}</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('support.removeImage', { n: n + 1 })}
                  onClick={() => remove(shot)}
                  data-testid="feedback-image-remove"
                >
                  ×
                </button>
              </li>
            );
          })}
          {shots.length < FEEDBACK_IMAGES_MAX ? (
            <li className={styles.shot}>
              <button type="button" className={styles.add} onClick={() => picker.current?.click()} data-testid="feedback-add-image">
                <span aria-hidden="true" className={styles.plus}>
                  +
                </span>
                <span>{t('support.addImage')}</span>
              </button>
              <input
                ref={picker}
                type="file"
                accept={ACCEPT}
                multiple
                hidden
                onChange={(e) => {
                  pick(e.target.files);
                  e.target.value = '';
                }}
                data-testid="feedback-file-input"
              />
            </li>
          ) : null}
        </ul>
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
