import type { Insertable } from 'kysely';
import type { VideoTable } from '../db/schema.ts';
import { CLIP_POOL, type ClipSource } from '../media/transcode.ts';
import { BASE_VIDEO_COUNT, CATEGORIES, FIRST_VIDEO_ID, PLAY_COUNTS, VIDEOS, type VideoSeed } from './catalogue.ts';

export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A video of the catalogue with what the seed derives from its place in it. */
export interface SeededVideo extends VideoSeed {
  id: number;
  /** Place in the whole catalogue (base videos, then extra ones): picks the clip. */
  n: number;
  playCount: number;
  commentCount: number;
  createdAt: number;
  /** Picks the video's second category tag. */
  tagIndex: number;
}

/** The base catalogue, spread over four months and interleaving categories, so "newest first" mixes them. */
export function baseVideos(now: number): SeededVideo[] {
  return VIDEOS.slice(0, BASE_VIDEO_COUNT).map((v, n) => {
    const playCount = PLAY_COUNTS[n % PLAY_COUNTS.length]!;
    const createdAt = now - ((n * 7) % BASE_VIDEO_COUNT) * 3.3 * DAY_MS - n * HOUR_MS;
    return { ...v, id: FIRST_VIDEO_ID + n, n, playCount, commentCount: Math.floor(playCount / 97), createdAt, tagIndex: n };
  });
}

/** The videos the content seed adds, newer than most of the base catalogue, so "latest" sorts show them first. */
export function extraVideos(now: number): SeededVideo[] {
  return VIDEOS.slice(BASE_VIDEO_COUNT).map((v, i) => {
    const n = BASE_VIDEO_COUNT + i;
    const createdAt = now - ((i * 11) % 30) * 0.9 * DAY_MS - i * HOUR_MS;
    return { ...v, id: FIRST_VIDEO_ID + n, n, playCount: PLAY_COUNTS[(n * 5) % PLAY_COUNTS.length]!, commentCount: 0, createdAt, tagIndex: i };
  });
}

/** The clip of the n-th video of the catalogue: the pool in turn, so neighbours in a list differ in length. */
export function assignedClip(n: number): ClipSource {
  return CLIP_POOL[n % CLIP_POOL.length]!;
}

/** What a clip's videos play while it is not encoded yet: itself, or a first-start clip for a background one. */
export function readyClipOf(source: ClipSource): ClipSource {
  const fallback = source.background ? CLIP_POOL.find((c) => c.name === source.background!.fallback) : undefined;
  return fallback ?? source;
}

/** The ids of the catalogue's videos given `clip` (base and extra videos alike). */
export function videoIdsOfClip(clip: string): number[] {
  return VIDEOS.flatMap((_, n) => (assignedClip(n).name === clip ? [FIRST_VIDEO_ID + n] : []));
}

/**
 * The videos row of a seeded video: its clip, pictures, counts and two tags of its category. A
 * video given a background clip starts on that clip's fallback, with the fallback's length, and
 * moves to its own clip once it is encoded (server/jobs/background-clips.ts).
 */
export function videoRow(v: SeededVideo): Insertable<VideoTable> {
  const category = CATEGORIES.find((c) => c.id === v.categoryId)!;
  return {
    id: v.id,
    category_id: v.categoryId,
    title: v.title,
    description: v.description,
    clip: readyClipOf(assignedClip(v.n)).name,
    cover: `covers/${v.id}.png`,
    cover_width: COVER_WIDTH,
    cover_height: COVER_HEIGHT,
    poster: `posters/${v.id}.png`,
    duration: readyClipOf(assignedClip(v.n)).seconds,
    play_count: v.playCount,
    like_count: Math.floor(v.playCount / 13),
    comment_count: v.commentCount,
    collect_count: Math.floor(v.playCount / 41),
    tags: [category.tags[0]!, category.tags[1 + (v.tagIndex % (category.tags.length - 1))]!],
    created_at: new Date(v.createdAt),
  };
}

/** The generated pictures of a video: cover and poster. */
export function videoImages(id: number): { path: string; width: number; height: number; seed: number }[] {
  return [
    { path: `covers/${id}.png`, width: COVER_WIDTH, height: COVER_HEIGHT, seed: id },
    { path: `posters/${id}.png`, width: COVER_WIDTH, height: COVER_HEIGHT, seed: id + 50_000 },
  ];
}
