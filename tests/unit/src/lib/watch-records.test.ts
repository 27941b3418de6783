import { describe, expect, it } from 'vitest';
import { watchRecordOf } from '../../../../src/lib/watch-records.ts';

const video = { id: 7, title: '海边日落', cover: 'covers/7.jpg', coverWidth: 1280, coverHeight: 720, duration: 95 };

describe('watchRecordOf', () => {
  it('builds the videos-store record keyed by the video id', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    expect(watchRecordOf(video, 42.7, 95.4, now)).toEqual({
      name: '海边日落',
      refId: '7',
      videoId: 7,
      cover: 'covers/7.jpg',
      coverWidth: 1280,
      coverHeight: 720,
      duration: 95,
      position: 42,
      finished: false,
      watchedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('falls back to the API duration while the media duration is unknown, and clamps the position', () => {
    expect(watchRecordOf(video, 10, Number.NaN).duration).toBe(95);
    expect(watchRecordOf(video, 500, Number.NaN).position).toBe(95);
    expect(watchRecordOf(video, -3, 95).position).toBe(0);
  });

  it('marks the record finished near the end', () => {
    expect(watchRecordOf(video, 93, 95).finished).toBe(true);
    expect(watchRecordOf(video, 80, 95).finished).toBe(false);
  });
});
