import { upsertByRef } from './db.ts';

/** Review browsing record kept in the `reviews` store of md_db (SPEC §3), readable offline. */
export type ReviewRecord = {
  name: string;
  refId: string;
  reviewId: number;
  title: string;
  author: string;
  score: number;
  videoId: number;
  videoTitle: string;
  cover: string;
  visitedAt: string;
};

export interface ReviewVisit {
  id: number;
  title: string;
  author: { nickname: string };
  score: number;
  video: { id: number; title: string; cover: string };
}

export function reviewRecordOf(review: ReviewVisit, now = new Date()): ReviewRecord {
  return {
    name: review.title,
    refId: String(review.id),
    reviewId: review.id,
    title: review.title,
    author: review.author.nickname,
    score: review.score,
    videoId: review.video.id,
    videoTitle: review.video.title,
    cover: review.video.cover,
    visitedAt: now.toISOString(),
  };
}

/** One record per review; a repeat visit moves it to the front. Best effort: never blocks the page. */
export async function saveReviewVisit(review: ReviewVisit): Promise<void> {
  try {
    await upsertByRef('reviews', String(review.id), reviewRecordOf(review));
  } catch {
    return;
  }
}
