import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { WORK_UPLOAD_MAX_BYTES } from '../../../protocol/works-api.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SheetDialog } from '../../components/ui/sheet-dialog.tsx';
import button from '../../components/ui/button.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useMyWorks, usePostWork, useWorkChoices, WORKS_POLL_MS } from './api/works.ts';
import { cancelUpload, forgetUpload, pauseUpload, resumeUpload, startUpload, unfinishedUpload } from './work-upload.ts';
import { emptyWorkDraft, resetWorkUpload, workUpload, type WorkDraft } from './work-upload-store.ts';
import { checkWorkDraft, useDraftTexts, WorkFields, type WorkFieldErrors } from './work-fields.tsx';
import styles from './works.module.css';

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
const percentOf = (sent: number, total: number) => (total > 0 ? Math.floor((sent / total) * 100) : 0);

/**
 * The upload flow of a work, in a sheet opened from 我的作品: pick a video, watch it go up (bytes
 * and percent; pause, resume, cancel), fill in the title, description, category, tags and
 * collection meanwhile, publish once every byte is there, then follow the transcode to a link
 * that plays it. The upload and what was typed live in work-upload-store.ts, so closing the sheet
 * loses neither.
 */
export default function WorkUploadSheet({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useSnapshot(workUpload);
  const busy = state.phase === 'posting';

  return (
    <SheetDialog heading={t('works.upload')} onClose={onClose} busy={busy} testId="work-upload">
      <div className={styles.sheetBody}>
        {state.phase === 'posted' ? <Processing userId={userId} workId={state.workId} onClose={onClose} /> : <UploadForm userId={userId} />}
      </div>
    </SheetDialog>
  );
}

function UploadForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const state = useSnapshot(workUpload);
  const input = useRef<HTMLInputElement>(null);
  const choices = useWorkChoices(userId);
  const post = usePostWork(userId);
  const texts = useDraftTexts();
  const [errors, setErrors] = useState<WorkFieldErrors>({});
  const [unfinished, setUnfinished] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (workUpload.phase !== 'idle') return;
    let live = true;
    void unfinishedUpload().then((u) => live && setUnfinished(u?.name || null));
    return () => {
      live = false;
    };
  }, []);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('video/')) return toast(t('works.notVideo'));
    if (file.size > WORK_UPLOAD_MAX_BYTES) return toast(t('works.tooLarge', { mb: WORK_UPLOAD_MAX_BYTES / MB }));
    // A title to start from: the file's name without its extension.
    if (!workUpload.draft.title.trim()) workUpload.draft.title = [...file.name.replace(/\.[^.]+$/, '')].slice(0, 40).join('');
    setUnfinished(null);
    void startUpload(file, userId, { failed: t('common.fetchFailed') });
  }

  const update = (changes: Partial<WorkDraft>) => Object.assign(workUpload.draft, changes);

  function submit(event: FormEvent) {
    event.preventDefault();
    const draft = workUpload.draft;
    const next = checkWorkDraft(draft, texts);
    setErrors(next);
    if (next.title || next.description) {
      document.getElementById(next.title ? 'work-upload-title' : 'work-upload-description')?.focus();
      return;
    }
    if (workUpload.phase !== 'uploaded') return toast(t('works.waitUpload'));
    workUpload.phase = 'posting';
    post.mutate(
      {
        uploadId: workUpload.uploadId,
        title: draft.title,
        description: draft.description,
        categoryId: draft.categoryId || choices.data?.categories[0]?.id || 0,
        tagIds: [...draft.tagIds],
        ...(draft.collectionId ? { collectionId: draft.collectionId } : {}),
        isPublic: workUpload.isPublic,
        requestId: workUpload.requestId,
      },
      {
        onSuccess: (work) => {
          forgetUpload();
          Object.assign(workUpload, { phase: 'posted', workId: work.id, draft: emptyWorkDraft(), isPublic: true });
        },
        // Nothing typed is lost: the form stays as it was, the server's reason in the toast.
        onError: () => (workUpload.phase = 'uploaded'),
      },
    );
  }

  const percent = percentOf(state.bytesSent, state.bytesTotal);
  const picking = state.phase === 'idle';
  return (
    <form onSubmit={submit} noValidate className={styles.uploadForm} data-testid="work-upload-form">
      {picking ? (
        <div className={styles.pick}>
          <button
            type="button"
            className={`${button.primary} ${styles.tap} ${styles.pickButton}`}
            onClick={() => input.current?.click()}
            data-testid="work-pick"
          >
            {t('works.pick')}
          </button>
          <p className={styles.hint}>{t('works.pickHint', { mb: WORK_UPLOAD_MAX_BYTES / MB })}</p>
          {unfinished ? (
            <p className={styles.resumeHint} data-testid="work-unfinished">
              {t('works.resumeHint', { name: unfinished })}
            </p>
          ) : null}
        </div>
      ) : (
        <section className={styles.progressBox} aria-label={t('works.uploadLabel')} data-testid="work-upload-progress" data-phase={state.phase}>
          <div className={styles.progressHead}>
            <span className={styles.fileName}>{state.fileName}</span>
            <span className={styles.percent} data-testid="work-upload-percent">
              {percent}%
            </span>
          </div>
          <progress className={styles.bar} max={100} value={percent} aria-label={t('works.uploadLabel')} />
          <div className={styles.progressMeta} aria-live="polite">
            <span>{t('works.bytes', { sent: formatMb(state.bytesSent), total: formatMb(state.bytesTotal) })}</span>
            <span data-testid="work-upload-status">
              {state.phase === 'paused'
                ? t('works.paused')
                : state.phase === 'uploaded' || state.phase === 'posting'
                  ? t('works.uploaded')
                  : state.phase === 'error'
                    ? t('works.uploadError', { reason: state.error })
                    : t('works.uploading')}
            </span>
          </div>
          {state.resumedFrom > 0 && state.bytesTotal > 0 ? (
            <p className={styles.hint}>{t('works.resumed', { percent: percentOf(state.resumedFrom, state.bytesTotal) })}</p>
          ) : null}
          {state.phase === 'uploaded' || state.phase === 'posting' ? null : (
            <div className={styles.uploadActions}>
              {state.phase === 'uploading' || state.phase === 'starting' ? (
                <button
                  type="button"
                  className={`${button.button} ${styles.tap}`}
                  onClick={pauseUpload}
                  disabled={state.phase === 'starting'}
                  data-testid="work-pause"
                >
                  {t('works.pause')}
                </button>
              ) : (
                <button type="button" className={`${button.button} ${styles.tap}`} onClick={resumeUpload} data-testid="work-resume">
                  {state.phase === 'error' ? t('works.retry') : t('works.resume')}
                </button>
              )}
              <button type="button" className={`${button.danger} ${styles.tap}`} onClick={() => setAsking(true)} data-testid="work-cancel">
                {t('works.cancel')}
              </button>
            </div>
          )}
        </section>
      )}
      <input ref={input} type="file" accept="video/*" hidden onChange={picked} data-testid="work-file" />

      <WorkFields userId={userId} idPrefix="work-upload" draft={state.draft as WorkDraft} onChange={update} errors={errors} />
      <label className={styles.privateChoice}>
        <input type="checkbox" checked={!state.isPublic} onChange={(e) => (workUpload.isPublic = !e.target.checked)} data-testid="work-private" />
        <span>
          {t('works.privateChoice')}
          <span className={styles.privateHint}>{t('works.privateChoiceHint')}</span>
        </span>
      </label>

      <div className={styles.submitRow}>
        {state.phase !== 'uploaded' && state.phase !== 'posting' && !picking ? <p className={styles.hint}>{t('works.waitUpload')}</p> : <span />}
        <button
          type="submit"
          className={`${button.primary} ${styles.tap}`}
          disabled={state.phase === 'posting' || picking}
          aria-disabled={state.phase !== 'uploaded'}
          data-testid="work-submit"
        >
          {state.phase === 'posting' ? t('works.posting') : t('works.submit')}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          heading={t('works.cancelAsk')}
          message={t('works.cancelMessage')}
          confirmLabel={t('works.cancel')}
          onConfirm={cancelUpload}
          onClose={() => setAsking(false)}
          testId="work-cancel-dialog"
        />
      ) : null}
    </form>
  );
}

/** After publishing: the transcode's percent (the list asks again while it runs), then a link to play it. */
function Processing({ userId, workId, onClose }: { userId: number; workId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const works = useMyWorks(userId, undefined);
  const work = works.data?.pages.flatMap((p) => p.list).find((w) => w.id === workId);
  const state = work?.state ?? 'processing';
  const { refetch } = works;
  useEffect(() => {
    if (state !== 'processing') return;
    const timer = setInterval(() => void refetch(), WORKS_POLL_MS);
    return () => clearInterval(timer);
  }, [state, refetch]);

  return (
    <div className={styles.processing} data-testid="work-processing" data-state={state} aria-live="polite">
      {state === 'processing' ? (
        <>
          <p className={styles.processingTitle}>
            {t('works.processing')} <span data-testid="work-processing-percent">{work?.progress ?? 0}%</span>
          </p>
          <progress className={styles.bar} max={100} value={work?.progress ?? 0} aria-label={t('works.processing')} />
          <p className={styles.hint}>{t('works.processingHint')}</p>
        </>
      ) : state === 'failed' ? (
        <>
          <p className={styles.processingTitle}>{t('works.failed')}</p>
          <p className={styles.failText}>{t(`works.failReason.${work?.failReason ?? 'transcode-failed'}`)}</p>
        </>
      ) : (
        <>
          <p className={styles.processingTitle}>{t('works.ready')}</p>
          <p className={styles.hint}>{state === 'pending' ? t('works.pendingHint') : t('works.readyHint')}</p>
          {work?.videoId ? (
            <Link to="/videoDetails" search={{ id: work.videoId }} className={`${button.primary} ${styles.tap}`} onClick={onClose} data-testid="work-play">
              {t('works.play')}
            </Link>
          ) : null}
        </>
      )}
      <div className={styles.uploadActions}>
        <button type="button" className={`${button.button} ${styles.tap}`} onClick={() => resetWorkUpload(userId)} data-testid="work-another">
          {t('works.another')}
        </button>
        <button type="button" className={`${button.button} ${styles.tap}`} onClick={onClose}>
          {t('works.close')}
        </button>
      </div>
    </div>
  );
}
