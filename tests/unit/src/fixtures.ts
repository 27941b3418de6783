import type { VideoItem } from '../../../protocol/api.ts';

/** A home-category video item with the given id and plain, predictable fields. */
export const videoItem = (id: number): VideoItem => ({
  id,
  contentType: 2,
  title: `video ${id}`,
  cover: `c/${id}.png`,
  coverWidth: 640,
  coverHeight: 360,
  duration: 60,
  playCount: 0,
  likeCount: 0,
  commentCount: 0,
  categoryId: 10782,
  createdAt: '2026-01-01T00:00:00.000Z',
});
