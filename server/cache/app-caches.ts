import { LRUCache } from 'lru-cache';
import type { Advertise, NavItem, VideoDetail, VideoItem } from '../../protocol/api.ts';
import type { HomeIndex, SearchResult, VideoDetailExtra } from '../../protocol/content-api.ts';
import type { Broadcast } from '../plugins/stores.ts';
import { ReadCaches, type ReadCache } from './read-caches.ts';

/** What every caller of a video's detail shares (their own favourite flag is added per call). */
export interface SharedVideoDetail {
  /** Without its play count, which changes with every call (playCount below). */
  detail: (Omit<VideoDetail, 'playCount'> & Pick<VideoDetailExtra, 'actresses' | 'tagList' | 'reviews'>) | null;
  /** The play count read with the detail. */
  playCount: number;
  /** Plays this instance counted since the detail was read, so a viewer sees their own play. */
  plays: number;
  /** Who may open it (a member's unlisted work: its author only). */
  access?: { ownerId: number | null; listed: boolean };
}

/** A search result and whether it found anything (which decides whether the keyword warms). */
export interface SharedSearch {
  result: SearchResult;
  found: boolean;
}

export interface AppCaches {
  /** Menus and ads of ping/config; they change with the seed and operators' Manage writes, which clear it. */
  config: ReadCache<'config', { headerMenus: NavItem[]; advertise: Advertise[] }>;
  /** Videos per category, so a list page is one query. */
  categorySizes: ReadCache<'sizes', Map<number, number>>;
  /** List pages by `category offset limit`: the hot path of every home visit and scroll. */
  videoPages: ReadCache<string, VideoItem[]>;
  /** Banners, boxes and rankings of home/index by category. */
  homeIndex: ReadCache<number, HomeIndex>;
  /** By video id; cleared for a video by favourites and comments, which change its counts. */
  videoDetail: ReadCache<number, SharedVideoDetail>;
  /**
   * By user id: the videos the user collected, so that a detail's favourite flag needs no query;
   * `ids` null when there are too many to hold (the flag is then read per call). Cleared for the
   * user by their favourite changes.
   */
  collectedVideos: ReadCache<number, { ids: ReadonlySet<number> | null }>;
  /** By `type page pageSize keyword`; short-lived, as play counts order the videos. */
  search: ReadCache<string, SharedSearch>;
  /** Callers whose search already warmed a keyword today: they need no database round trip. */
  warmed: { has(key: string): boolean; add(key: string): void };
}

// Play counts order rankings and lists: seconds of staleness there are invisible.
export const CONFIG_CACHE = { max: 1, ttlMs: 30_000 };
export const CATEGORY_SIZES_CACHE = { max: 1, ttlMs: 10_000 };
export const VIDEO_PAGES_CACHE = { max: 1_000, ttlMs: 3_000 };
export const HOME_INDEX_CACHE = { max: 200, ttlMs: 10_000 };
export const VIDEO_DETAIL_CACHE = { max: 5_000, ttlMs: 30_000 };
export const SEARCH_CACHE = { max: 5_000, ttlMs: 10_000 };
export const COLLECTED_VIDEOS_CACHE = { max: 20_000, ttlMs: 60_000 };
/** Favourites held per user in that cache; a user with more has their flag read per call. */
export const COLLECTED_VIDEOS_HELD = 2_000;

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
    config: caches.create('config', CONFIG_CACHE),
    categorySizes: caches.create('categorySizes', CATEGORY_SIZES_CACHE),
    videoPages: caches.create('videoPages', VIDEO_PAGES_CACHE),
    homeIndex: caches.create('homeIndex', HOME_INDEX_CACHE),
    videoDetail: caches.create('videoDetail', VIDEO_DETAIL_CACHE),
    collectedVideos: caches.create('collectedVideos', COLLECTED_VIDEOS_CACHE),
    search: caches.create('search', SEARCH_CACHE),
    warmed: seenSet(enabled ? WARMED_MAX : 0),
  };
}
