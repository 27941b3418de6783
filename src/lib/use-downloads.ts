import { useLiveQuery } from 'dexie-react-hooks';
import type { DownloadRecord } from './local-db.ts';
import { useLocalDb } from './use-local-db.ts';
import { useOnline } from './use-online.ts';

/** One video's download, live; null when there is none, undefined while the database opens (or when not `enabled`). */
export function useDownload(videoId: number, enabled = true): DownloadRecord | null | undefined {
  const db = useLocalDb(enabled);
  return useLiveQuery(async () => (db ? ((await db.downloads.get(videoId)) ?? null) : db === null ? null : undefined), [db, videoId]);
}

/** Every download, newest first, live; undefined while the database opens. */
export function useDownloads(): DownloadRecord[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? (await db.downloads.toArray()).sort((a, b) => b.createdAt - a.createdAt) : db === null ? [] : undefined), [db]);
}

/** Share of a download done, 0 to 100. */
export function downloadPercent(record: DownloadRecord): number {
  if (record.state === 'done') return 100;
  return record.filesTotal > 0 ? Math.min(99, Math.floor((record.filesDone / record.filesTotal) * 100)) : 0;
}

/**
 * Offline, a list's videos saved on the device come first (a stable sort keeps the list's order
 * within each part): what plays without the network is what the member can open. Online, or with
 * nothing saved among them, the list as it is.
 */
export function useOfflineFirst<T>(
  items: readonly T[],
  videoIdOf: (item: T) => number,
): { items: readonly T[]; offlineFirst: boolean; saved: ReadonlySet<number> } {
  const downloads = useDownloads();
  const online = useOnline();
  const saved = new Set((downloads ?? []).filter((d) => d.state === 'done').map((d) => d.videoId));
  const offlineFirst = !online && items.some((item) => saved.has(videoIdOf(item)));
  if (!offlineFirst) return { items, offlineFirst, saved };
  const sorted = [...items].sort((a, b) => Number(saved.has(videoIdOf(b))) - Number(saved.has(videoIdOf(a))));
  return { items: sorted, offlineFirst, saved };
}
