import { HISTORY_SYNC_MAX, MEMBER_API, type HistoryEntry, type HistoryItem, type HistorySync } from '../../protocol/member-api.ts';
import { appStore } from '../stores/app-store.ts';
import { apiPost } from './api-client.ts';
import { clearStore, getDb, type DbRecord, type MdDb } from './db.ts';

/**
 * Watch history that follows the member (issue 11): the device's watches (md_db `videos`, the
 * offline source) and the account's are merged both ways by user/history/sync. A mark in
 * localStorage says whose account this device syncs with, from when its watches go there, and a
 * clear not yet sent.
 */
const MARK_KEY = 'md-history-sync';
/** Playback saves often; the account hears of them this long after the last one (or on leaving). */
export const HISTORY_SYNC_DELAY_MS = 30_000;

interface SyncMark {
  userId: number;
  /** Watches after this time (ISO; '' for all) are sent. */
  since: string;
  /** A clear on this device not yet sent (ISO), or ''. */
  clearedAt: string;
}

function readMark(): SyncMark | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(MARK_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { userId, since, clearedAt } = value as Partial<SyncMark>;
    if (typeof userId !== 'number' || typeof since !== 'string' || typeof clearedAt !== 'string') return null;
    return { userId, since, clearedAt };
  } catch {
    return null;
  }
}

function writeMark(mark: SyncMark): void {
  try {
    localStorage.setItem(MARK_KEY, JSON.stringify(mark));
  } catch {
    // Storage full or blocked: the next sync sends more than needed, which the server merges.
  }
}

/**
 * A member signed in on this device. A guest who became the member brings the device's history
 * along (DECISIONS: sign-up upgrades the guest); signing in to an existing account sends only what
 * is watched from now on, so whoever used the device before keeps their watches to themselves.
 */
export function startHistorySync(userId: number, bringDeviceHistory: boolean): void {
  writeMark({ userId, since: bringDeviceHistory ? '' : new Date().toISOString(), clearedAt: '' });
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** A local watch record as the server takes it, or null when it is malformed. */
export function historyItemOf(record: DbRecord): HistoryItem | null {
  const videoId = Number(record.videoId ?? record.refId);
  const watchedAt = typeof record.watchedAt === 'string' ? record.watchedAt : '';
  if (!Number.isInteger(videoId) || videoId < 1 || Number.isNaN(Date.parse(watchedAt))) return null;
  return {
    videoId,
    position: num(record.position),
    duration: num(record.duration),
    finished: record.finished === true,
    watchedAt: new Date(watchedAt).toISOString(),
  };
}

/** The device's watches after `since`, newest first, as many as one call takes. */
export function itemsToSend(records: readonly DbRecord[], since: string): HistoryItem[] {
  return records
    .map(historyItemOf)
    .filter((item): item is HistoryItem => item !== null && item.watchedAt > since)
    .sort((a, b) => (a.watchedAt < b.watchedAt ? 1 : a.watchedAt > b.watchedAt ? -1 : 0))
    .slice(0, HISTORY_SYNC_MAX);
}

/** The local record of an account's watch; its times are the watch's, so lists keep their order. */
function recordOf(entry: HistoryEntry): DbRecord {
  return {
    name: entry.title,
    refId: String(entry.videoId),
    videoId: entry.videoId,
    cover: entry.cover,
    coverWidth: entry.coverWidth,
    coverHeight: entry.coverHeight,
    duration: entry.duration,
    position: entry.position,
    finished: entry.finished,
    watchedAt: entry.watchedAt,
    createdAt: entry.watchedAt,
    updatedAt: entry.watchedAt,
  };
}

/**
 * Brings the account's history into the device in one transaction: a clear made elsewhere drops
 * the watches before it, and each video keeps the newer of the two watches.
 */
export async function mergeIntoDevice(db: MdDb, sync: HistorySync): Promise<void> {
  await db.transaction('rw', db.videos, async () => {
    if (sync.clearedAt !== null) {
      const cleared = sync.clearedAt;
      await db.videos.filter((record) => typeof record.watchedAt === 'string' && record.watchedAt <= cleared).delete();
    }
    for (const entry of sync.list) {
      const existing = await db.videos.where('refId').equals(String(entry.videoId)).first();
      if (existing?.id === undefined) await db.videos.add(recordOf(entry));
      else if (typeof existing.watchedAt !== 'string' || existing.watchedAt < entry.watchedAt) await db.videos.update(existing.id, recordOf(entry));
    }
  });
}

async function runSync(): Promise<void> {
  const user = appStore.userInfo;
  if (!user?.isUser) return;
  const known = readMark();
  const mark = known?.userId === user.id ? known : { userId: user.id, since: new Date().toISOString(), clearedAt: '' };
  const started = new Date().toISOString();
  const db = await getDb();
  const items = itemsToSend(await db.videos.toArray(), mark.since);
  const result = await apiPost<HistorySync>(MEMBER_API.historySync, { items, ...(mark.clearedAt ? { clearedAt: mark.clearedAt } : {}) }, { quiet: true });
  // Signed out or switched accounts meanwhile: this answer is not the device's to keep.
  if (appStore.userInfo?.id !== user.id || !appStore.userInfo.isUser) return;
  await mergeIntoDevice(db, result);
  const latest = readMark();
  // A clear made while this call was out stays to be sent.
  writeMark({ userId: user.id, since: started, clearedAt: latest?.userId === user.id && latest.clearedAt > mark.clearedAt ? latest.clearedAt : '' });
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Merges the device's history with the member's account; nothing for guests. Calls while one runs
 * make one more run after it. Failures (offline, a server error) wait for the next occasion.
 */
export function syncWatchHistory(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = runSync()
    .catch(() => undefined)
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void syncWatchHistory();
      }
    });
  return running;
}

let timer: ReturnType<typeof setTimeout> | undefined;

function flushOnLeave(): void {
  if (document.visibilityState !== 'hidden' || timer === undefined) return;
  clearTimeout(timer);
  timer = undefined;
  document.removeEventListener('visibilitychange', flushOnLeave);
  void syncWatchHistory();
}

/** After a watch is saved: sync a little later, or at once when the page is hidden first. */
export function scheduleHistorySync(): void {
  if (!appStore.userInfo?.isUser) return;
  if (timer === undefined) document.addEventListener('visibilitychange', flushOnLeave);
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    document.removeEventListener('visibilitychange', flushOnLeave);
    void syncWatchHistory();
  }, HISTORY_SYNC_DELAY_MS);
}

/**
 * Clears the device's watch history; for a member the clear goes to the account too (at once, or
 * with the next sync when offline), so the other devices drop the same watches.
 */
export async function clearWatchHistory(): Promise<void> {
  await clearStore('videos');
  const user = appStore.userInfo;
  if (!user?.isUser) return;
  const known = readMark();
  writeMark({ userId: user.id, since: known?.userId === user.id ? known.since : new Date().toISOString(), clearedAt: new Date().toISOString() });
  await syncWatchHistory();
}
