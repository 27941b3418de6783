import { CacheExpiration } from 'workbox-expiration';
import { API_CACHE_NAME, IMAGE_CACHE_NAME } from './cache-names.ts';

export { API_CACHE_NAME, IMAGE_CACHE_NAME };
export const IMAGE_CACHE_MAX_ENTRIES = 300;
/** Unmasked images are immutable per URL; a week without use is long enough to keep one. */
export const IMAGE_CACHE_MAX_AGE_S = 7 * 24 * 3600;
/** A hit re-stamps its entry at most this often: least recently used goes first, to the hour. */
export const TOUCH_EVERY_MS = 3_600_000;
const TOUCHED_LIMIT = 2_000;
export const API_CACHE_MAX_ENTRIES = 200;
/** Offline copies of API answers: a month covers a long trip without signal. */
export const API_CACHE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Responses in a named Cache (unmasked images, offline copies of API answers), bounded by entry
 * count and age by workbox-expiration: it keeps each URL's last write time in IndexedDB and, after
 * a write, drops the entries that are too old and then the oldest beyond the bound (one pass at a
 * time; writes during a pass ask for another). A hit re-stamps its entry, so the bound evicts the
 * least recently used first; at most once per TOUCH_EVERY_MS per URL, since rewriting the stamp of
 * an image on every scroll would cost more than it tells.
 */
export class ExpiringCache {
  private readonly expiration: CacheExpiration;
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly storage: CacheStorage,
    private readonly name = IMAGE_CACHE_NAME,
    maxEntries = IMAGE_CACHE_MAX_ENTRIES,
    maxAgeSeconds = IMAGE_CACHE_MAX_AGE_S,
  ) {
    this.expiration = new CacheExpiration(name, { maxEntries, maxAgeSeconds });
  }

  async match(url: string): Promise<Response | undefined> {
    const cache = await this.storage.open(this.name);
    const hit = await cache.match(url);
    if (hit) this.touch(url);
    return hit;
  }

  /** An entry of the same address whatever its query (an image in another width). */
  async matchAnyWidth(url: string): Promise<Response | undefined> {
    const cache = await this.storage.open(this.name);
    return cache.match(url, { ignoreSearch: true });
  }

  private touch(url: string): void {
    const now = Date.now();
    const last = this.touched.get(url);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= TOUCHED_LIMIT) this.touched.clear();
    this.touched.set(url, now);
    void this.expiration.updateTimestamp(url).catch(() => undefined);
  }

  /** Removes every entry (their expiry records go with the next expiry pass). */
  async clear(): Promise<void> {
    const cache = await this.storage.open(this.name);
    await Promise.all((await cache.keys()).map((request) => cache.delete(request)));
  }

  async delete(url: string): Promise<void> {
    const cache = await this.storage.open(this.name);
    await cache.delete(url);
  }

  async put(url: string, response: Response): Promise<void> {
    const cache = await this.storage.open(this.name);
    await cache.put(url, response);
    await this.expiration.updateTimestamp(url);
    await this.expiration.expireEntries();
  }
}
