/**
 * The resumable upload of a work's video (tus 1.0 with tus-js-client; loaded with the upload sheet
 * only). The file goes in PATCH requests of the ticket's chunk size to /upload/tus/, which the
 * service worker leaves alone; every request carries a ticket of works/upload/media, renewed before
 * it expires. tus-js-client remembers each upload by the file's fingerprint (name, type, size, last
 * change) in localStorage, so after a dropped connection it retries from the server's offset, and
 * after a reload the same file picked again continues where it stopped.
 */
import * as tus from 'tus-js-client';
import type { UploadTicket } from '../../../protocol/works-api.ts';
import { requestUploadTicket } from './api/works.ts';
import { resetWorkUpload, workUpload } from './work-upload-store.ts';

/** A ticket is renewed this long before it expires (a paused upload may sit for hours). */
const TICKET_MARGIN_MS = 2 * 60_000;
/** Retries after a dropped connection, ms apart: then the member retries by hand. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

let current: tus.Upload | null = null;

/** An unfinished upload this browser remembers (its file must be picked again to continue). */
export async function unfinishedUpload(): Promise<{ name: string } | null> {
  if (!tus.canStoreURLs) return null;
  const all = await tus.defaultOptions.urlStorage.findAllUploads().catch(() => []);
  const newest = all.filter((u) => u.uploadUrl?.includes('/upload/tus/')).sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  return newest ? { name: newest.metadata.filename ?? '' } : null;
}

const messageOf = (error: unknown, fallback: string) => {
  const status = (error as tus.DetailedError).originalResponse?.getStatus?.();
  const body = (error as tus.DetailedError).originalResponse?.getBody?.()?.trim();
  if (status && body) return `${status} ${body}`;
  return fallback;
};

/**
 * Starts sending `file` (or continues an earlier upload of the same file). `texts` words the
 * failures the page shows. Resolves once the upload has started.
 */
export async function startUpload(file: File, userId: number, texts: { failed: string }): Promise<void> {
  current?.abort(false).catch(() => undefined);
  current = null;
  const draft = workUpload.draft;
  resetWorkUpload(userId);
  // What was typed before the file was picked stays.
  workUpload.draft = draft;
  Object.assign(workUpload, { phase: 'starting', fileName: file.name, bytesTotal: file.size });
  let ticket: UploadTicket;
  try {
    ticket = await requestUploadTicket(file.size);
  } catch (error) {
    Object.assign(workUpload, { phase: 'error', error: (error as Error).message || texts.failed });
    return;
  }
  const endpoint = new URL(ticket.endpoint, location.origin).href;
  const upload = new tus.Upload(file, {
    endpoint,
    chunkSize: ticket.chunkBytes,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type },
    // A dropped line (0), a request cut by the server's time limit (408), a lost race for the offset
    // (409), a locked upload (423) or a server fault: ask for the offset again and go on.
    onShouldRetry(error) {
      const status = error.originalResponse?.getStatus() ?? 0;
      return status === 0 || status === 408 || status === 409 || status === 423 || status >= 500;
    },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    async onBeforeRequest(req) {
      if (Date.parse(ticket.expiresAt) - Date.now() < TICKET_MARGIN_MS) ticket = await requestUploadTicket(file.size);
      req.setHeader(ticket.header, ticket.ticket);
    },
    onAfterResponse(req, res) {
      // A resumed upload asks the server where it stopped first.
      if (req.getMethod() === 'HEAD' && res.getStatus() === 200) workUpload.resumedFrom = Number(res.getHeader('Upload-Offset') ?? 0);
    },
    onProgress(sent, total) {
      if (current !== upload) return;
      workUpload.bytesSent = sent;
      workUpload.bytesTotal = total;
    },
    onSuccess() {
      if (current !== upload) return;
      Object.assign(workUpload, {
        phase: 'uploaded',
        bytesSent: workUpload.bytesTotal,
        uploadId: upload.url?.split('/').pop() ?? '',
        requestId: crypto.randomUUID(),
      });
    },
    onError(error) {
      if (current !== upload) return;
      Object.assign(workUpload, { phase: 'error', error: messageOf(error, texts.failed) });
    },
  });
  current = upload;
  const previous = await upload.findPreviousUploads().catch(() => []);
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  workUpload.phase = 'uploading';
  upload.start();
}

/** Stops sending; what arrived stays on the server. */
export function pauseUpload(): void {
  if (!current || workUpload.phase !== 'uploading') return;
  void current.abort(false);
  workUpload.phase = 'paused';
}

/** Continues a paused or failed upload from the server's offset. */
export function resumeUpload(): void {
  if (!current || (workUpload.phase !== 'paused' && workUpload.phase !== 'error')) return;
  workUpload.phase = 'uploading';
  workUpload.error = '';
  current.start();
}

/** Stops and discards the upload (on the server too); the form keeps what was typed. */
export async function cancelUpload(): Promise<void> {
  const upload = current;
  current = null;
  const draft = workUpload.draft;
  resetWorkUpload(workUpload.userId);
  workUpload.draft = draft;
  await upload?.abort(true).catch(() => undefined);
}

/** Forgets a finished upload (after it became a work). */
export function forgetUpload(): void {
  current = null;
}
