import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { MyWork } from '../../../protocol/works-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { SheetDialog } from '../../components/ui/sheet-dialog.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { formatCount, formatDuration, formatRelativeTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useModifyWork, useMyWorks, useShowWork, useWorkCollections, WORKS_POLL_MS } from './api/works.ts';
import { checkWorkDraft, CollectionNameForm, useDraftTexts, WorkFields, type WorkFieldErrors } from './work-fields.tsx';
import { resetWorkUpload, uploadInProgress, workUpload, type WorkDraft } from './work-upload-store.ts';
import styles from './works.module.css';

// tus-js-client comes with the sheet, when a member first opens it.
const WorkUploadSheet = lazy(() => import('./work-upload-sheet.tsx'));

/** 我的作品 on /mine: the member's works with their state, visibility and edits; the upload flow opens from here. */
export function MyWorks({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [collectionId, setCollectionId] = useState<number | undefined>(undefined);
  const upload = useSnapshot(workUpload);

  function openUpload() {
    // Another member signed in on this device starts from a fresh form.
    if (workUpload.userId !== userId) resetWorkUpload(userId);
    setUploading(true);
  }

  const percent = upload.bytesTotal > 0 ? Math.floor((upload.bytesSent / upload.bytesTotal) * 100) : 0;
  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <button type="button" className={`${button.primary} ${styles.tap}`} onClick={openUpload} data-testid="works-upload">
          {t('works.upload')}
        </button>
        {upload.userId === userId && uploadInProgress(upload) && !uploading ? (
          <button type="button" className={`${button.button} ${styles.tap} ${styles.banner}`} onClick={openUpload} data-testid="works-upload-banner">
            {t('works.processingBanner', { name: upload.fileName, percent })}
          </button>
        ) : null}
      </div>
      <Collections userId={userId} selected={collectionId} onSelect={setCollectionId} />
      <WorkList userId={userId} collectionId={collectionId} onUpload={openUpload} />
      {uploading ? (
        <Suspense fallback={null}>
          <WorkUploadSheet userId={userId} onClose={() => setUploading(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The member's collections as filter chips, with a new one and a rename of the one shown. */
function Collections({ userId, selected, onSelect }: { userId: number; selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const collections = useWorkCollections(userId);
  const [editing, setEditing] = useState<'new' | 'rename' | null>(null);
  const list = collections.data?.list ?? [];
  const current = list.find((c) => c.id === selected);
  return (
    <div className={styles.collections}>
      <ul className={chip.row} aria-label={t('works.collections')}>
        <li>
          <button
            type="button"
            className={`${chip.chip} ${hit.area} ${styles.choice}`}
            aria-pressed={selected === undefined}
            onClick={() => onSelect(undefined)}
          >
            {t('works.all')}
          </button>
        </li>
        {list.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={`${chip.chip} ${hit.area} ${styles.choice}`}
              aria-pressed={selected === c.id}
              onClick={() => onSelect(c.id)}
              data-testid="works-collection"
            >
              {t('works.collectionCount', { name: c.name, count: c.workCount })}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={`${chip.outline} ${hit.area} ${styles.choice}`} onClick={() => setEditing('new')} data-testid="works-new-collection">
            + {t('works.newCollection')}
          </button>
        </li>
        {current ? (
          <li>
            <button
              type="button"
              className={`${chip.outline} ${hit.area} ${styles.choice}`}
              onClick={() => setEditing('rename')}
              data-testid="works-rename-collection"
            >
              {t('works.renameCollection')}
            </button>
          </li>
        ) : null}
      </ul>
      {editing ? (
        <SheetDialog heading={editing === 'new' ? t('works.newCollection') : t('works.renameCollection')} onClose={() => setEditing(null)}>
          <CollectionNameForm
            userId={userId}
            idPrefix="works-collection"
            collectionId={editing === 'rename' ? current?.id : undefined}
            initial={editing === 'rename' ? current?.name : ''}
            submitLabel={editing === 'new' ? t('works.create') : t('works.save')}
            onDone={(id) => {
              setEditing(null);
              if (id && editing === 'new') onSelect(id);
            }}
          />
        </SheetDialog>
      ) : null}
    </div>
  );
}

function WorkList({ userId, collectionId, onUpload }: { userId: number; collectionId: number | undefined; onUpload: () => void }) {
  const { t } = useTranslation();
  const query = useMyWorks(userId, collectionId);
  const [editing, setEditing] = useState<MyWork | null>(null);
  // While anything transcodes, the list asks again for its percent.
  const processing = query.data?.pages.some((p) => p.list.some((w) => w.state === 'processing')) ?? false;
  const { refetch } = query;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refetch(), WORKS_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refetch]);

  return (
    <>
      <PagedList
        query={query}
        label={t('works.list')}
        loading={
          <Loading className={styles.list}>
            <Skeleton className={styles.itemSkeleton} />
          </Loading>
        }
        failedTitle={t('works.failedList')}
        empty={
          <EmptyState
            title={t('works.empty')}
            description={t('works.emptyHint')}
            action={
              <button type="button" className={`${button.primary} ${styles.tap}`} onClick={onUpload}>
                {t('works.upload')}
              </button>
            }
          />
        }
        moreLabel={t('common.loadMore')}
      >
        {(works) => (
          <ul className={styles.list} data-testid="my-works">
            {(works as MyWork[]).map((work) => (
              <WorkItem key={work.id} userId={userId} work={work} onEdit={() => setEditing(work)} />
            ))}
          </ul>
        )}
      </PagedList>
      {editing ? <EditWork userId={userId} work={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function WorkItem({ userId, work, onEdit }: { userId: number; work: MyWork; onEdit: () => void }) {
  const { t } = useTranslation();
  const show = useShowWork(userId);
  const playable = work.videoId !== null && (work.state === 'ready' || work.state === 'pending' || work.state === 'rejected');

  function toggle() {
    show.mutate({ id: work.id, isPublic: !work.isPublic }, { onSuccess: (w) => toast(w.isPublic ? t('works.madePublic') : t('works.madePrivate')) });
  }

  const cover = work.cover ? (
    <MaskedImage path={work.cover} width={work.coverWidth} height={work.coverHeight} alt="" className={styles.cover} />
  ) : (
    <span className={styles.coverPlaceholder} aria-hidden="true">
      ▶
    </span>
  );
  return (
    <li className={styles.item} data-testid="my-work" data-work-id={work.id} data-state={work.state}>
      <div className={styles.coverSlot}>
        {playable ? (
          <Link to="/videoDetails" search={{ id: work.videoId! }} tabIndex={-1} aria-hidden="true">
            {cover}
          </Link>
        ) : (
          cover
        )}
        {work.duration ? <span className={styles.duration}>{formatDuration(work.duration)}</span> : null}
      </div>
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>{work.title}</p>
        <p className={styles.itemMeta}>
          <span className={styles.state} data-state={work.state} data-public={work.isPublic} data-testid="my-work-state">
            {work.state === 'ready' && !work.isPublic ? t('works.privateState') : t(`works.state.${work.state}`, { progress: work.progress })}
          </span>
          {work.state === 'ready' || work.views > 0 ? <span>{t('counts.plays', { count: formatCount(work.views) })}</span> : null}
          <span>{formatRelativeTime(work.createdAt)}</span>
        </p>
        {work.state === 'processing' ? <progress className={styles.bar} max={100} value={work.progress} aria-label={t('works.processing')} /> : null}
        {work.state === 'failed' && work.failReason ? <p className={styles.failText}>{t(`works.failReason.${work.failReason}`)}</p> : null}
        {work.state === 'rejected' && work.rejectReason ? <p className={styles.failText}>{t('works.rejectedReason', { reason: work.rejectReason })}</p> : null}
        <div className={styles.itemActions}>
          {playable ? (
            <Link to="/videoDetails" search={{ id: work.videoId! }} className={`${button.button} ${button.small} ${styles.tap}`} data-testid="my-work-play">
              {t('works.play')}
            </Link>
          ) : null}
          {work.state === 'failed' ? null : (
            <>
              <button
                type="button"
                className={`${button.button} ${button.small} ${styles.tap} ${styles.toggle}`}
                aria-pressed={work.isPublic}
                onClick={toggle}
                disabled={show.isPending}
                title={t('works.visibility')}
                data-testid="my-work-visibility"
              >
                {t('works.public')}
              </button>
              <button type="button" className={`${button.button} ${button.small} ${styles.tap}`} onClick={onEdit} data-testid="my-work-edit">
                {t('works.edit')}
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** The edit sheet: title, description, category, tags and collection of one's own work. */
function EditWork({ userId, work, onClose }: { userId: number; work: MyWork; onClose: () => void }) {
  const { t } = useTranslation();
  const modify = useModifyWork(userId);
  const texts = useDraftTexts();
  const [draft, setDraft] = useState<WorkDraft>({
    title: work.title,
    description: work.description,
    categoryId: work.categoryId,
    tagIds: work.tags.map((tag) => tag.id),
    collectionId: work.collection?.id ?? 0,
  });
  const [errors, setErrors] = useState<WorkFieldErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = checkWorkDraft(draft, texts);
    setErrors(next);
    if (next.title || next.description) return document.getElementById(next.title ? 'work-edit-title' : 'work-edit-description')?.focus();
    modify.mutate(
      {
        id: work.id,
        title: draft.title,
        description: draft.description,
        categoryId: draft.categoryId,
        tagIds: draft.tagIds,
        collectionId: draft.collectionId || null,
      },
      {
        onSuccess: () => {
          toast(t('works.saved'));
          onClose();
        },
      },
    );
  }

  return (
    <SheetDialog heading={t('works.editTitle')} onClose={onClose} busy={modify.isPending} testId="work-edit">
      <form onSubmit={submit} noValidate className={`${styles.sheetBody} ${styles.uploadForm}`}>
        <WorkFields userId={userId} idPrefix="work-edit" draft={draft} onChange={(changes) => setDraft((d) => ({ ...d, ...changes }))} errors={errors} />
        <div className={styles.submitRow}>
          <span />
          <button type="submit" className={`${button.primary} ${styles.tap}`} disabled={modify.isPending} data-testid="work-edit-save">
            {t('works.save')}
          </button>
        </div>
      </form>
    </SheetDialog>
  );
}
