import { downloadRenditions, keepOneVideo } from './dash-manifest.ts';
import { DOWNLOADS_CHANGED } from '../../sw/downloads.ts';
import { canDownload } from './download-ability.ts';
import { DOWNLOAD_CACHE_NAME, getLocalDb, type DownloadRecord, type LocalDb } from './local-db.ts';

/**
 * Videos saved for offline play (issue 15). The page downloads one rendition's files with plain
 * fetches into the `md-downloads` Cache, images through the service worker (which unmasks them),
 * and keeps the state in Dexie (`md_local.downloads`), so a download goes on after a reload or a
 * lost connection from the first file it lacks. The manifest is saved last, trimmed to the saved
 * rendition: the service worker then answers the video's files from the Cache (sw/downloads.ts),
 * online or not, and the player's quality menu offers what was saved.
 */

/** What the video page knows when 下载 is pressed. */
export type DownloadRequest = Pick<DownloadRecord, 'videoId' | 'title' | 'cover' | 'imageBase' | 'duration' | 'height' | 'manifestUrl' | 'images'>;

/** Why a download stopped, as the member is told (i18n keys under downloads.errors). */
export type DownloadErrorKind = 'offline' | 'quota' | 'missing' | 'failed';

class DownloadError extends Error {
  constructor(readonly kind: DownloadErrorKind) {
    super(kind);
  }
}

const running = new Map<number, Promise<void>>();

/** Starts (or restarts in another quality) the download of one video. */
export async function startDownload(asked: DownloadRequest): Promise<void> {
  // Absolute addresses: the Cache keys them so, and the service worker matches on them.
  const absolute = (url: string) => new URL(url, location.href).href;
  const request = { ...asked, manifestUrl: absolute(asked.manifestUrl), images: asked.images.map(absolute) };
  // The Cache exists before any download is recorded: at start, no Cache means nothing to resume.
  await caches.open(DOWNLOAD_CACHE_NAME);
  const db = await getLocalDb();
  const replaced = await db.transaction('rw', db.downloads, async () => {
    const existing = await db.downloads.get(request.videoId);
    if (existing && existing.height === request.height && existing.state !== 'failed') return null;
    const now = Date.now();
    await db.downloads.put({
      ...request,
      state: 'downloading',
      filesDone: 0,
      filesTotal: 0,
      bytesDone: 0,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    return existing ?? false;
  });
  if (replaced === null) return;
  if (replaced) await dropFiles(db, replaced);
  void askForPersistence();
  void run(request.videoId);
}

export async function pauseDownload(videoId: number): Promise<void> {
  await setState(videoId, 'downloading', { state: 'paused' });
}

export async function resumeDownload(videoId: number): Promise<void> {
  if (await setState(videoId, ['paused', 'failed'], { state: 'downloading', error: undefined })) void run(videoId);
}

/** Cancels a download or deletes a saved video, its files and images with it. */
export async function removeDownload(videoId: number): Promise<void> {
  const db = await getLocalDb();
  const record = await db.transaction('rw', db.downloads, async () => {
    const found = await db.downloads.get(videoId);
    if (found) await db.downloads.delete(videoId);
    return found;
  });
  await running.get(videoId);
  if (record) await dropFiles(db, record);
  notifyWorker();
}

/** Deletes every download. */
export async function removeAllDownloads(): Promise<void> {
  const db = await getLocalDb();
  const ids = (await db.downloads.toCollection().primaryKeys()) as number[];
  await Promise.all(ids.map((id) => removeDownload(id)));
  // Files of downloads whose record was lost (a cleared IndexedDB) go too.
  await caches.delete(DOWNLOAD_CACHE_NAME);
  notifyWorker();
}

/**
 * Goes on with the downloads a reload or a lost connection interrupted: now, and each time the
 * connection returns. Another tab running the same download keeps it (a Web Lock per video).
 */
export function resumeInterruptedDownloads(): () => void {
  const resume = () => {
    if (!canDownload()) return;
    // Visitors who never downloaded have no Cache: Dexie stays unloaded for them.
    void caches
      .has(DOWNLOAD_CACHE_NAME)
      .then((any) => (any ? getLocalDb().then((db) => db.downloads.where('state').equals('downloading').primaryKeys()) : []))
      .then((ids) => ids.forEach((id) => void run(id as number)))
      .catch(() => undefined);
  };
  resume();
  window.addEventListener('online', resume);
  // A page opened before its service worker took control starts once it does.
  navigator.serviceWorker?.addEventListener('controllerchange', resume);
  return () => {
    window.removeEventListener('online', resume);
    navigator.serviceWorker?.removeEventListener('controllerchange', resume);
  };
}

function run(videoId: number): Promise<void> {
  const current = running.get(videoId);
  if (current) return current;
  const job = withLock(`md-download-${videoId}`, () => download(videoId))
    .catch(() => undefined)
    .finally(() => running.delete(videoId));
  running.set(videoId, job);
  return job;
}

async function withLock(name: string, work: () => Promise<void>): Promise<void> {
  if (!navigator.locks) return work();
  await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}

async function download(videoId: number): Promise<void> {
  const db = await getLocalDb();
  const record = await db.downloads.get(videoId);
  if (record?.state !== 'downloading') return;
  try {
    const cache = await caches.open(DOWNLOAD_CACHE_NAME);
    const manifest = await fetchOk(record.manifestUrl);
    const mpd = await manifest.text();
    const renditions = downloadRenditions(mpd, record.height);
    const video = renditions.find((r) => r.kind === 'video');
    if (!video) throw new DownloadError('missing');
    const files = [...renditions.flatMap((r) => r.files.map((file) => new URL(file, record.manifestUrl).href)), ...record.images];
    let filesDone = 0;
    let bytesDone = 0;
    if (!(await progress(db, videoId, { filesTotal: files.length + 1, savedHeight: video.height ?? record.height }))) return;
    for (const url of files) {
      const saved = await cache.match(url);
      bytesDone += saved ? Number(saved.headers.get('content-length') ?? 0) : await save(cache, url);
      filesDone += 1;
      // A pause, a cancel or another quality asked for in the meantime stops here.
      if (!(await progress(db, videoId, { filesDone, bytesDone }))) return;
    }
    const trimmed = new TextEncoder().encode(keepOneVideo(mpd, video.id));
    await cache.put(record.manifestUrl, fileResponse(trimmed.buffer, 'application/dash+xml'));
    await progress(db, videoId, { filesDone: filesDone + 1, bytesDone: bytesDone + trimmed.byteLength, state: 'done', error: undefined });
    notifyWorker();
  } catch (error) {
    const kind = errorKind(error);
    // Offline: it waits for the connection (resumeInterruptedDownloads); anything else stops it.
    await progress(db, videoId, kind === 'offline' ? { error: kind } : { state: 'failed', error: kind });
  }
}

async function save(cache: Cache, url: string): Promise<number> {
  const response = await fetchOk(url);
  const body = await response.arrayBuffer();
  await cache.put(url, fileResponse(body, response.headers.get('content-type') ?? 'application/octet-stream'));
  return body.byteLength;
}

function fileResponse(body: ArrayBuffer, type: string): Response {
  return new Response(body, { headers: { 'content-type': type, 'content-length': String(body.byteLength) } });
}

async function fetchOk(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch {
    throw new DownloadError('offline');
  }
  if (!response.ok) throw new DownloadError(response.status === 404 || response.status === 410 ? 'missing' : 'failed');
  return response;
}

function errorKind(error: unknown): DownloadErrorKind {
  if (error instanceof DownloadError) return error.kind;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'quota';
  return navigator.onLine ? 'failed' : 'offline';
}

/** Writes progress while the download is still wanted as it was; false once it is not. */
function progress(db: LocalDb, videoId: number, changes: Partial<DownloadRecord>): Promise<boolean> {
  return db.transaction('rw', db.downloads, async () => {
    const record = await db.downloads.get(videoId);
    if (record?.state !== 'downloading') return false;
    await db.downloads.update(videoId, { ...changes, updatedAt: Date.now() });
    return true;
  });
}

async function setState(videoId: number, from: DownloadRecord['state'] | DownloadRecord['state'][], changes: Partial<DownloadRecord>): Promise<boolean> {
  const db = await getLocalDb();
  const allowed = Array.isArray(from) ? from : [from];
  return db.transaction('rw', db.downloads, async () => {
    const record = await db.downloads.get(videoId);
    if (!record || !allowed.includes(record.state)) return false;
    await db.downloads.update(videoId, { ...changes, updatedAt: Date.now() });
    return true;
  });
}

/**
 * The Cache entries of one download: the files beside its manifest, and its images; files another
 * saved video uses too (videos may share a stream) stay.
 */
async function dropFiles(db: LocalDb, record: DownloadRecord): Promise<void> {
  const others = (await db.downloads.toArray()).filter((other) => other.videoId !== record.videoId);
  const folder = new URL('.', record.manifestUrl).href;
  const keepFolder = others.some((other) => new URL('.', other.manifestUrl).href === folder);
  const keptImages = new Set(others.flatMap((other) => other.images));
  const images = new Set(record.images.filter((url) => !keptImages.has(url)));
  const cache = await caches.open(DOWNLOAD_CACHE_NAME);
  const requests = await cache.keys();
  await Promise.all(requests.filter((r) => (!keepFolder && r.url.startsWith(folder)) || images.has(r.url)).map((r) => cache.delete(r)));
}

function notifyWorker(): void {
  navigator.serviceWorker?.controller?.postMessage({ type: DOWNLOADS_CHANGED });
}

let persistenceAsked = false;

/** The first download asks the browser to keep the site's storage under pressure (persistent storage). */
async function askForPersistence(): Promise<void> {
  if (persistenceAsked || !navigator.storage?.persist) return;
  persistenceAsked = true;
  if (!(await navigator.storage.persisted())) await navigator.storage.persist();
}
