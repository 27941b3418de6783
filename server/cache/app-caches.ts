import { LRUCache } from 'lru-cache';
import type { VideoDetail } from '../../protocol/api.ts';
import type { SearchResult, VideoDetailExtra } from '../../protocol/content-api.ts';
import type { Broadcast } from '../plugins/stores.ts';
import { ReadCaches, type ReadCache } from './read-caches.ts';

/** What every caller of a video's detail shares (their own favourite flag is added per call). */
export interface SharedVideoDetail {
  detail: (VideoDetail & Pick<VideoDetailExtra, 'actresses' | 'tagList' | 'reviews'>) | null;
  /** Plays this instance counted since the detail was read, so a viewer sees their own play. */
  plays: number;
}

/** A search result and whether it found anything (which decides whether the keyword warms). */
export interface SharedSearch {
  result: SearchResult;
  found: boolean;
}

export interface AppCaches {
  /** By video id; cleared for a video by favourites and comments, which change its counts. */
  videoDetail: ReadCache<number, SharedVideoDetail>;
  /** By `type page pageSize keyword`; short-lived, as play counts order the videos. */
  search: ReadCache<string, SharedSearch>;
  /** Callers whose search already warmed a keyword today: they need no database round trip. */
  warmed: { has(key: string): boolean; add(key: string): void };
}

export const VIDEO_DETAIL_CACHE = { max: 5_000, ttlMs: 30_000 };
export const SEARCH_CACHE = { max: 5_000, ttlMs: 10_000 };

const WARMED_MAX = 50_000;

/** Remembers up to `max` keys, the least recently seen going first; with 0 it remembers nothing. */
function seenSet(max: number): AppCaches['warmed'] {
  if (max === 0) return { has: () => false, add: () => undefined };
  const seen = new LRUCache<string, true>({ max });
  return { has: (key) => seen.has(key), add: (key) => void seen.set(key, true) };
}

export function appCaches(broadcast: Broadcast, enabled: boolean): AppCaches {
  const caches = new ReadCaches(broadcast, enabled);
  return {
    videoDetail: caches.create('videoDetail', VIDEO_DETAIL_CACHE),
    search: caches.create('search', SEARCH_CACHE),
    warmed: seenSet(enabled ? WARMED_MAX : 0),
  };
}
