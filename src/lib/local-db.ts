import type { Dexie, Table } from 'dexie';

/**
 * `md_local`: the device's own data beside the spec's `md_db` (DECISIONS.md "Dexie"): downloads
 * for offline play and the outbox of actions made offline. Unlike `md_db` it may take new versions.
 */
export const LOCAL_DB_NAME = 'md_local';

/** The Cache holding a download's media (segments, manifests, poster, sprites), keyed by URL. */
export { DOWNLOAD_CACHE_NAME } from '../../sw/cache-names.ts';

export type DownloadState = 'downloading' | 'paused' | 'done' | 'failed';

/** One video saved for offline play, in one quality. */
export interface DownloadRecord {
  videoId: number;
  title: string;
  /** Image path of the cover, as the lists show it (relative to `imageBase`). */
  cover: string;
  /** The IMAGE base the cover and the poster were saved from. */
  imageBase: string;
  /** Seconds. */
  duration: number;
  /** The rendition asked for: 360, 720 or 1080 (the saved one is the highest the video has up to it). */
  height: number;
  /** The rendition being saved, once the manifest has been read. */
  savedHeight?: number;
  /** The DASH manifest's URL; its saved copy offers the saved rendition alone. */
  manifestUrl: string;
  /** Unmasked images saved with the video (poster, cover, preview sprites), by URL. */
  images: string[];
  state: DownloadState;
  /** Files saved so far, of `filesTotal` (0 until the manifest has been read). */
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  /** Why it failed or stopped, shown to the member. */
  error?: string;
  createdAt: number;
  updatedAt: number;
}

export type OutboxState = 'pending' | 'sending' | 'refused';

/** One action made offline, sent in `seq` order when the connection returns, signed when sent. */
export interface OutboxRecord {
  seq?: number;
  /** The member (user id) it belongs to: another member on the device never sends it. */
  owner: number;
  /** What it is (favourite, follow, comment, vote, checkin, feedback, ...): drives how it is shown. */
  kind: string;
  /** The JSON body, its `requestId` included: a repeat is answered once by the server. */
  body: Record<string, unknown>;
  requestId: string;
  /** What it is about, for showing it as pending where it appears (for example `video:1003`). */
  target?: string;
  state: OutboxState;
  /** The server's refusal, shown to the member. */
  error?: string;
  createdAt: number;
}

export type LocalDb = Dexie & {
  downloads: Table<DownloadRecord, number>;
  outbox: Table<OutboxRecord, number>;
};

let opened: Promise<LocalDb> | null = null;
const openListeners = new Set<() => void>();

/** Dexie loads on first use so it stays out of the initial bundle. */
export function getLocalDb(): Promise<LocalDb> {
  if (!opened) {
    opened = import('dexie').then(({ Dexie: DexieClass }) => {
      const db = new DexieClass(LOCAL_DB_NAME) as LocalDb;
      db.version(1).stores({
        downloads: 'videoId, state, updatedAt',
        outbox: '++seq, owner, state, target',
      });
      return db;
    });
    const listeners = [...openListeners];
    openListeners.clear();
    for (const listener of listeners) listener();
  }
  return opened;
}

/**
 * Calls `listener` once this tab opens md_local (at once when it is open already): a screen that
 * found no database to read follows the first download or kept action made here. Returns the unsubscribe.
 */
export function whenLocalDbOpens(listener: () => void): () => void {
  if (opened) {
    listener();
    return () => undefined;
  }
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}
