import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_PRICE_MAX, POST_TAGS_MAX, POST_TITLE_MAX } from '../../../protocol/content-values.ts';
import { Screen } from '../../components/screen.tsx';
import { Field } from '../../components/ui/form-field.tsx';
import { ImageUploadTiles, useImageUploads } from '../../components/image-uploads.tsx';
import { PendingActions } from '../../components/outbox-marks.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import fields from '../../components/ui/form.module.css';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { usePostTags } from './api/discuss.ts';
import { uploadPostImage, usePublishPost } from './api/publish.ts';
import { clearDraft, emptyDraft, isBlank, loadDraft, saveDraft, type PostDraft } from './post-draft.ts';
import styles from './publish.module.css';

const SAVE_DELAY_MS = 300;

/** Characters as the server counts them (code points). */
const lengthOf = (text: string) => [...text.trim()].length;

/** /post (members only): write a post with up to nine images, tags and a price; the draft survives reloads. */
export function PublishPage() {
  const { t } = useTranslation();
  const userId = useSnapshot(appStore).userInfo?.id ?? 0;
  const [draft, setDraft] = useState<PostDraft | null>(null);

  useEffect(() => {
    let live = true;
    loadDraft(userId).then(
      (d) => live && setDraft(d),
      () => live && setDraft(emptyDraft()),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  return (
    <Screen title={t('publish.title')} className={styles.page} testId="publish-page">
      <PendingActions kind="post" className={styles.pending} />
      {draft ? (
        <PublishForm key={userId} userId={userId} initial={draft} />
      ) : (
        <div className={`${panel.panel} ${styles.form}`} aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton className={styles.fieldSkeleton} />
          <Skeleton className={styles.bodySkeleton} />
        </div>
      )}
    </Screen>
  );
}

function PublishForm({ userId, initial }: { userId: number; initial: PostDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = usePostTags();
  const publish = usePublishPost(userId);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [saved, setSaved] = useState(false);

  // Every change is written to the device shortly after it is typed.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setSaved(false);
    const timer = setTimeout(() => {
      // An emptied form (published, or everything deleted) leaves no draft behind.
      if (isBlank(draft)) void clearDraft(userId).catch(() => undefined);
      else
        void saveDraft(userId, draft).then(
          () => setSaved(true),
          () => undefined,
        );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, userId]);

  const update = (changes: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...changes }));

  const uploads = useImageUploads({
    count: draft.images.length,
    max: POST_IMAGES_MAX,
    setImages: (change) => setDraft((d) => ({ ...d, images: change(d.images) })),
    upload: (file) => uploadPostImage(file, file.name || 'image'),
    text: {
      tooMany: t('publish.tooManyImages', { max: POST_IMAGES_MAX }),
      notImage: (name) => t('publish.notImage', { name }),
      tooBig: (name) => t('publish.imageTooBig', { name }),
      failed: t('publish.uploadFailed'),
    },
  });

  function toggleTag(id: number) {
    const on = draft.tagIds.includes(id);
    if (!on && draft.tagIds.length >= POST_TAGS_MAX) {
      toast(t('publish.tooManyTags', { max: POST_TAGS_MAX }));
      return;
    }
    update({ tagIds: on ? draft.tagIds.filter((x) => x !== id) : [...draft.tagIds, id] });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!draft.title.trim()) next.title = t('publish.titleRequired');
    else if (lengthOf(draft.title) > POST_TITLE_MAX) next.title = t('publish.titleTooLong', { max: POST_TITLE_MAX });
    if (!draft.content.trim()) next.content = t('publish.contentRequired');
    else if (lengthOf(draft.content) > POST_CONTENT_MAX) next.content = t('publish.contentTooLong', { max: POST_CONTENT_MAX });
    setErrors(next);
    if (next.title || next.content) {
      document.getElementById(next.title ? 'post-title' : 'post-content')?.focus();
      return;
    }
    if (uploads.uploading || uploads.failed) {
      toast(t(uploads.uploading ? 'publish.waitUploads' : 'publish.fixUploads'));
      return;
    }
    publish.mutate(
      {
        title: draft.title,
        content: draft.content,
        images: draft.images.map((i) => i.path!),
        tagIds: draft.tagIds,
        price: draft.price,
        requestId: draft.requestId,
      },
      {
        onSuccess: (post) => {
          // Emptying the form cancels a save still waiting to run (it would bring the draft back);
          // the page may be kept alive, so it opens empty next time.
          uploads.reset(draft.images);
          setDraft(emptyDraft());
          void clearDraft(userId).catch(() => undefined);
          setErrors({});
          // Kept offline: the outbox said so, and the page lists it above the form until it is sent.
          if (!post) return;
          toast(post.status === 'pending' ? t('publish.pending') : t('publish.published'));
          void navigate({ to: '/postDetail', search: { id: post.id }, replace: true });
        },
      },
    );
  }

  const titleLength = lengthOf(draft.title);
  const contentLength = lengthOf(draft.content);
  return (
    <form className={`${panel.panel} ${styles.form}`} onSubmit={submit} noValidate data-testid="publish-form">
      <Field id="post-title" label={t('publish.titleLabel')} error={errors.title}>
        <input
          id="post-title"
          className={fields.input}
          value={draft.title}
          placeholder={t('publish.titlePlaceholder')}
          aria-invalid={Boolean(errors.title)}
          aria-describedby="post-title-error post-title-count"
          onChange={(e) => update({ title: e.target.value })}
          data-testid="post-title-input"
        />
      </Field>
      <p id="post-title-count" className={styles.count} data-over={titleLength > POST_TITLE_MAX}>
        {titleLength}/{POST_TITLE_MAX}
      </p>
      <Field id="post-content" label={t('publish.contentLabel')} error={errors.content}>
        <textarea
          id="post-content"
          className={`${fields.input} ${styles.textarea}`}
          value={draft.content}
          placeholder={t('publish.contentPlaceholder')}
          rows={8}
          aria-invalid={Boolean(errors.content)}
          aria-describedby="post-content-error post-content-count"
          onChange={(e) => update({ content: e.target.value })}
          data-testid="post-content-input"
        />
      </Field>
      <p id="post-content-count" className={styles.count} data-over={contentLength > POST_CONTENT_MAX}>
        {contentLength}/{POST_CONTENT_MAX}
      </p>

      <fieldset className={styles.group}>
        <legend className={fields.label}>{t('publish.imagesLabel', { count: draft.images.length, max: POST_IMAGES_MAX })}</legend>
        <ImageUploadTiles
          images={draft.images}
          uploads={uploads}
          max={POST_IMAGES_MAX}
          testId="publish"
          text={{
            add: t('publish.addImage'),
            alt: (n) => t('publish.imageAlt', { n }),
            remove: (n) => t('publish.removeImage', { n }),
            uploading: (name) => t('publish.uploading', { name }),
            uploadingShort: t('publish.uploadingShort'),
            failed: t('publish.uploadFailed'),
            retry: t('publish.retryUpload'),
          }}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={fields.label}>{t('publish.tagsLabel', { max: POST_TAGS_MAX })}</legend>
        <ul className={chip.list} data-testid="publish-tags">
          {(tags.data ?? []).map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                className={`${chip.chip} ${hit.area}`}
                aria-pressed={draft.tagIds.includes(tag.id)}
                onClick={() => toggleTag(tag.id)}
                data-testid="publish-tag"
              >
                #{tag.name}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>

      <Field id="post-price" label={t('publish.priceLabel')}>
        <input
          id="post-price"
          className={`${fields.input} ${styles.price}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={POST_PRICE_MAX}
          step={1}
          value={draft.price}
          aria-describedby="post-price-hint"
          onChange={(e) => update({ price: Math.min(POST_PRICE_MAX, Math.max(0, Math.floor(Number(e.target.value) || 0))) })}
          data-testid="post-price-input"
        />
      </Field>
      <p id="post-price-hint" className={styles.hint}>
        {t('publish.priceHint', { max: POST_PRICE_MAX })}
      </p>

      <div className={styles.actions}>
        <p className={styles.saved} aria-live="polite" data-testid="draft-state">
          {saved && !isBlank(draft) ? t('publish.draftSaved') : ''}
        </p>
        <button type="submit" className={`${button.button} ${button.primary}`} disabled={publish.isPending} data-testid="publish-submit">
          {publish.isPending ? t('publish.publishing') : t('publish.submit')}
        </button>
      </div>
    </form>
  );
}
