export const IMAGE_CACHE_NAME = 'md-images';
export const IMAGE_CACHE_MAX_ENTRIES = 300;
export const API_CACHE_NAME = 'md-api';
export const API_CACHE_MAX_ENTRIES = 200;

/**
 * Responses in a named Cache (unmasked images, offline copies of API answers), bounded by entry count. Cache Storage lists keys in insertion
 * order, so the entries beyond the bound are dropped oldest-inserted first; hits are not re-written
 * to refresh their age, because rewriting an image on every scroll costs more than a rare refetch.
 */
export class BoundedCache {
  private trimming: Promise<void> | null = null;
  private trimAgain = false;

  constructor(
    private readonly storage: CacheStorage,
    private readonly maxEntries = IMAGE_CACHE_MAX_ENTRIES,
    private readonly name = IMAGE_CACHE_NAME,
  ) {}

  async match(url: string): Promise<Response | undefined> {
    const cache = await this.storage.open(this.name);
    return cache.match(url);
  }

  async put(url: string, response: Response): Promise<void> {
    const cache = await this.storage.open(this.name);
    await cache.put(url, response);
    await this.trim();
  }

  /** Trims once at a time; puts landing during a trim ask for one more pass instead of racing it. */
  private trim(): Promise<void> {
    if (this.trimming) {
      this.trimAgain = true;
      return this.trimming;
    }
    this.trimming = (async () => {
      do {
        this.trimAgain = false;
        const cache = await this.storage.open(this.name);
        const keys = await cache.keys();
        const excess = keys.length - this.maxEntries;
        for (let i = 0; i < excess; i++) await cache.delete(keys[i]!);
      } while (this.trimAgain);
    })().finally(() => {
      this.trimming = null;
    });
    return this.trimming;
  }
}
