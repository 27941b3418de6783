import { CacheExpiration } from 'workbox-expiration';

export const IMAGE_CACHE_NAME = 'md-images';
export const IMAGE_CACHE_MAX_ENTRIES = 300;
/** Unmasked images are immutable per URL; a week without use is long enough to keep one. */
export const IMAGE_CACHE_MAX_AGE_S = 7 * 24 * 3600;
export const API_CACHE_NAME = 'md-api';
export const API_CACHE_MAX_ENTRIES = 200;
/** Offline copies of API answers: a month covers a long trip without signal. */
export const API_CACHE_MAX_AGE_S = 30 * 24 * 3600;

/**
 * Responses in a named Cache (unmasked images, offline copies of API answers), bounded by entry
 * count and age by workbox-expiration: it keeps each URL's last write time in IndexedDB and, after
 * a write, drops the entries that are too old and then the oldest beyond the bound (one pass at a
 * time; writes during a pass ask for another). Hits are not re-stamped: rewriting the timestamp of
 * an image on every scroll costs more than a rare refetch.
 */
export class ExpiringCache {
  private readonly expiration: CacheExpiration;

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
    return cache.match(url);
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
