import { describe, expect, it } from 'vitest';
import { reviewRecordOf } from '../../../../src/lib/review-records.ts';

const review = {
  id: 603,
  title: '值得反复看的细节',
  author: { nickname: '胶片爱好者' },
  score: 8,
  video: { id: 1035, title: '夜色中的跨江大桥', cover: 'covers/1035.png' },
};

describe('review browsing records', () => {
  it('keys the record by the review id and keeps the review and its video', () => {
    const now = new Date('2026-03-04T05:06:07.000Z');
    expect(reviewRecordOf(review, now)).toEqual({
      name: '值得反复看的细节',
      refId: '603',
      reviewId: 603,
      title: '值得反复看的细节',
      author: '胶片爱好者',
      score: 8,
      videoId: 1035,
      videoTitle: '夜色中的跨江大桥',
      cover: 'covers/1035.png',
      visitedAt: '2026-03-04T05:06:07.000Z',
    });
  });
});
