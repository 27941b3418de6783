import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_PRICE_MAX, POST_TAGS_MAX, POST_TITLE_MAX } from '../../../protocol/contracts/content.ts';
import { Screen } from '../../components/screen.tsx';
import { Field } from '../../components/ui/form-field.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import fields from '../../components/ui/form.module.css';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { usePostTags } from './api/discuss.ts';
import { uploadPostImage, usePublishPost } from './api/publish.ts';
import { clearDraft, emptyDraft, isBlank, loadDraft, saveDraft, type DraftImage, type PostDraft } from './post-draft.ts';
import styles from './publish.module.css';

/** The server's limit per image; bigger files are refused here before any byte is sent. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const SAVE_DELAY_MS = 300;

type UploadState = { status: 'uploading' } | { status: 'failed'; message: string };

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
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  /** Every local preview made on this page, revoked when it closes. */
  const previews = useRef(new Set<string>());
  const files = useRef(new Map<string, File>());
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [saved, setSaved] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

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

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = (changes: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...changes }));

  async function send(key: string, file: File) {
    setUploads((u) => ({ ...u, [key]: { status: 'uploading' } }));
    try {
      const result = await uploadPostImage(file, file.name || 'image');
      setDraft((d) => ({ ...d, images: d.images.map((i) => (i.key === key ? { ...i, path: result.path, width: result.width, height: result.height } : i)) }));
      setUploads(({ [key]: _done, ...rest }) => rest);
      files.current.delete(key);
    } catch (error) {
      const message = (error as { tip?: string }).tip || t('publish.uploadFailed');
      setUploads((u) => ({ ...u, [key]: { status: 'failed', message } }));
    }
  }

  function pick(list: FileList | null) {
    if (!list) return;
    const room = POST_IMAGES_MAX - draft.images.length;
    const chosen = [...list];
    if (chosen.length > room) toast(t('publish.tooManyImages', { max: POST_IMAGES_MAX }));
    const added: DraftImage[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        toast(t('publish.notImage', { name: file.name }));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        toast(t('publish.imageTooBig', { name: file.name }));
        continue;
      }
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      files.current.set(key, file);
      added.push({ key, width: 1, height: 1, name: file.name, preview });
    }
    if (added.length === 0) return;
    setDraft((d) => ({ ...d, images: [...d.images, ...added] }));
    for (const image of added) void send(image.key, files.current.get(image.key)!);
  }

  function remove(image: DraftImage) {
    setDraft((d) => ({ ...d, images: d.images.filter((i) => i.key !== image.key) }));
    setUploads(({ [image.key]: _gone, ...rest }) => rest);
    if (image.preview) {
      URL.revokeObjectURL(image.preview);
      previews.current.delete(image.preview);
    }
    files.current.delete(image.key);
  }

  function toggleTag(id: number) {
    const on = draft.tagIds.includes(id);
    if (!on && draft.tagIds.length >= POST_TAGS_MAX) {
      toast(t('publish.tooManyTags', { max: POST_TAGS_MAX }));
      return;
    }
    update({ tagIds: on ? draft.tagIds.filter((x) => x !== id) : [...draft.tagIds, id] });
  }

  const uploading = Object.values(uploads).some((u) => u.status === 'uploading');
  const failed = Object.values(uploads).some((u) => u.status === 'failed');

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
    if (uploading || failed) {
      toast(t(uploading ? 'publish.waitUploads' : 'publish.fixUploads'));
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
          setDraft(emptyDraft());
          void clearDraft(userId).catch(() => undefined);
          setUploads({});
          setErrors({});
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
        <ul className={styles.images} data-testid="publish-images">
          {draft.images.map((image, n) => {
            const state = uploads[image.key];
            const preview = image.preview;
            return (
              <li key={image.key} className={styles.tile} data-testid="publish-image" data-state={state?.status ?? 'done'}>
                {preview ? (
                  <img src={preview} alt={t('publish.imageAlt', { n: n + 1 })} className={styles.preview} />
                ) : image.path ? (
                  <MaskedImage
                    path={image.path}
                    width={image.width}
                    height={image.height}
                    alt={t('publish.imageAlt', { n: n + 1 })}
                    className={styles.preview}
                    sizes="120px"
                  />
                ) : null}
                {state?.status === 'uploading' ? (
                  <span className={styles.progress} role="progressbar" aria-label={t('publish.uploading', { name: image.name })}>
                    <span className={styles.bar} />
                    <span className={styles.stateText}>{t('publish.uploadingShort')}</span>
                  </span>
                ) : null}
                {state?.status === 'failed' ? (
                  <button
                    type="button"
                    className={styles.retry}
                    title={state.message}
                    onClick={() => {
                      const file = files.current.get(image.key);
                      if (file) void send(image.key, file);
                    }}
                    data-testid="publish-image-retry"
                  >
                    {t('publish.retryUpload')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('publish.removeImage', { n: n + 1 })}
                  onClick={() => remove(image)}
                  data-testid="publish-image-remove"
                >
                  ×
                </button>
              </li>
            );
          })}
          {draft.images.length < POST_IMAGES_MAX ? (
            <li className={styles.tile}>
              <button type="button" className={styles.add} onClick={() => picker.current?.click()} data-testid="publish-add-image">
                <span aria-hidden="true">+</span>
                <span className={styles.addText}>{t('publish.addImage')}</span>
              </button>
              <input
                ref={picker}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
                multiple
                hidden
                onChange={(e) => {
                  pick(e.target.files);
                  e.target.value = '';
                }}
                data-testid="publish-file-input"
              />
            </li>
          ) : null}
        </ul>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={fields.label}>{t('publish.tagsLabel', { max: POST_TAGS_MAX })}</legend>
        <ul className={chip.list} data-testid="publish-tags">
          {(tags.data ?? []).map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                className={chip.chip}
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
