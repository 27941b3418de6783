import type { VideoItem } from '../../protocol/api.ts';
import { wholeSeconds } from '../../protocol/duration.ts';
import { databaseMayExist } from './database-exists.ts';
import { DB_NAME, getByRef, upsertByRef } from './db.ts';
import { appStore } from '../stores/app-store.ts';
import { isFinished, resumePosition } from './resume.ts';

/** Watch record kept in the `videos` store of md_db: the personal history that works offline. */
export type WatchRecord = {
  name: string;
  refId: string;
  videoId: number;
  cover: string;
  coverWidth: number;
  coverHeight: number;
  duration: number;
  position: number;
  /** Watched to (nearly) the end; the next visit starts from the beginning. */
  finished: boolean;
  watchedAt: string;
};

type WatchedVideo = Pick<VideoItem, 'id' | 'title' | 'cover' | 'coverWidth' | 'coverHeight' | 'duration'>;

export function watchRecordOf(video: WatchedVideo, position: number, duration: number, now = new Date()): WatchRecord {
  const knownDuration = Number.isFinite(duration) && duration > 0 ? duration : video.duration;
  return {
    name: video.title,
    refId: String(video.id),
    videoId: video.id,
    cover: video.cover,
    coverWidth: video.coverWidth,
    coverHeight: video.coverHeight,
    duration: wholeSeconds(knownDuration),
    position: Math.max(0, Math.min(Math.floor(position), wholeSeconds(knownDuration))),
    finished: isFinished(position, knownDuration),
    watchedAt: now.toISOString(),
  };
}

/** History is best effort: a failed write must never interrupt playback, so failures are dropped. */
export async function saveWatchRecord(video: WatchedVideo, position: number, duration: number): Promise<void> {
  if (!Number.isFinite(position)) return;
  try {
    await upsertByRef('videos', String(video.id), watchRecordOf(video, position, duration));
    // A member's watches go to the account too; the sync's code loads for members alone, after a save.
    if (appStore.userInfo?.isUser) void import('./history-sync.ts').then((sync) => sync.scheduleHistorySync());
  } catch {
    return;
  }
}

/**
 * The stored watch record of a video, or null (a missing record rejects in db.ts with 记录不存在,
 * which here simply means "start from 0"). Read as soon as the video's id is known, it opens the
 * local database beside the detail's request instead of after it; a device without one (a first
 * visit) has no record, and the database is created by the first save instead.
 */
export async function readWatchRecord(videoId: number): Promise<unknown> {
  if (!(await databaseMayExist(DB_NAME))) return null;
  return getByRef('videos', String(videoId)).catch(() => null);
}

/** Where to resume `video`: from its stored record (read now unless `stored` was read already). */
export async function readResumePosition(video: WatchedVideo, stored: Promise<unknown> = readWatchRecord(video.id)): Promise<number | null> {
  const record = await stored;
  if (typeof record !== 'object' || record === null) return null;
  const { position, duration } = record as Partial<WatchRecord>;
  // The API's duration is authoritative; the stored one only helps when the API has none.
  const knownDuration = video.duration > 0 ? video.duration : typeof duration === 'number' ? duration : 0;
  return resumePosition(position, knownDuration);
}
