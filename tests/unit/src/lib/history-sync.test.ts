import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../protocol/member-api.ts';
import { clearStore, getDb, upsertByRef } from '../../../../src/lib/db.ts';
import { historyItemOf, itemsToSend, mergeIntoDevice } from '../../../../src/lib/history-sync.ts';
import { watchRecordOf } from '../../../../src/lib/watch-records.ts';
import { freshStorage } from '../memory-storage.ts';

freshStorage('localStorage');

const video = (id: number) => ({ id, title: `视频${id}`, cover: `covers/${id}.webp`, coverWidth: 640, coverHeight: 360, duration: 100 });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
const entry = (id: number, minute: number, position: number): HistoryEntry => ({
  videoId: id,
  position,
  duration: 100,
  finished: false,
  watchedAt: at(minute),
  title: `视频${id}`,
  cover: `covers/${id}.webp`,
  coverWidth: 640,
  coverHeight: 360,
});

describe('history sync', () => {
  it('sends the watches after the mark, newest first, and skips malformed records', () => {
    const records = [
      { id: 1, ...watchRecordOf(video(1), 10, 100, new Date(at(1))) },
      { id: 2, ...watchRecordOf(video(2), 20, 100, new Date(at(5))) },
      { id: 3, ...watchRecordOf(video(3), 30, 100, new Date(at(9))) },
      { id: 4, refId: 'x', watchedAt: at(10) },
      { id: 5, refId: '6', videoId: 6, watchedAt: 'never' },
    ];
    expect(itemsToSend(records, at(2)).map((item) => item.videoId)).toEqual([3, 2]);
    expect(itemsToSend(records, '').map((item) => item.videoId)).toEqual([3, 2, 1]);
    expect(historyItemOf(records[0]!)).toEqual({ videoId: 1, position: 10, duration: 100, finished: false, watchedAt: at(1) });
  });

  it('merges the account into the device: the newer watch of each video wins, and a clear elsewhere drops older ones', async () => {
    await clearStore('videos');
    await upsertByRef('videos', '1', watchRecordOf(video(1), 10, 100, new Date(at(1))));
    await upsertByRef('videos', '2', watchRecordOf(video(2), 80, 100, new Date(at(30))));
    await upsertByRef('videos', '3', watchRecordOf(video(3), 50, 100, new Date(at(40))));
    const db = await getDb();
    await mergeIntoDevice(db, { list: [entry(2, 20, 5), entry(4, 25, 44), entry(3, 45, 60)], clearedAt: at(2) });
    const byVideo = new Map((await db.videos.toArray()).map((r) => [r.videoId, r]));
    // Video 1 was watched before the clear made on another device.
    expect([...byVideo.keys()].sort()).toEqual([2, 3, 4]);
    expect(byVideo.get(2)!.position).toBe(80);
    expect(byVideo.get(3)!.position).toBe(60);
    expect(byVideo.get(4)).toMatchObject({ name: '视频4', refId: '4', position: 44, watchedAt: at(25), createdAt: at(25) });
    // Merging the same answer again changes nothing and adds no second record.
    await mergeIntoDevice(db, { list: [entry(4, 25, 44)], clearedAt: null });
    expect(await db.videos.count()).toBe(3);
  });
});
