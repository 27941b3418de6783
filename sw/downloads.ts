/**
 * Videos saved for offline play (src/lib/downloads.ts saves them): their files sit in the
 * `md-downloads` Cache under their own URLs, the manifest trimmed to the saved rendition. The
 * worker answers any GET under a folder holding saved files from that Cache first, online or
 * not, so a saved video starts from the device and plays on when the network drops.
 */
import { DOWNLOAD_CACHE_NAME } from './cache-names.ts';

export { DOWNLOAD_CACHE_NAME };

/** Message the page posts when downloads were added or removed: the worker reads the folders again. */
export const DOWNLOADS_CHANGED = 'md:downloads-changed';

/** A URL's folder: everything up to its last slash, without query or fragment. */
export function folderOf(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href.slice(0, url.href.lastIndexOf('/') + 1);
}

export class SavedMedia {
  private folders = new Set<string>();
  private loaded = false;
  ready: Promise<void>;

  constructor(private readonly storage: CacheStorage) {
    this.ready = this.reload();
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Reads which folders hold saved files (at start, and after each DOWNLOADS_CHANGED). */
  reload(): Promise<void> {
    const next = (async () => {
      const folders = new Set<string>();
      if (await this.storage.has(DOWNLOAD_CACHE_NAME)) {
        const cache = await this.storage.open(DOWNLOAD_CACHE_NAME);
        for (const request of await cache.keys()) folders.add(folderOf(request.url));
      }
      this.folders = folders;
    })()
      .catch(() => undefined)
      .finally(() => {
        this.loaded = true;
      });
    this.ready = next;
    return next;
  }

  /** True when `url` lies in a folder with saved files. */
  has(url: URL): boolean {
    return this.folders.size > 0 && this.folders.has(folderOf(url.href));
  }

  /** The saved file, else the network. */
  async respond(request: Request): Promise<Response> {
    const saved = await this.match(request.url);
    return saved ?? fetch(request);
  }

  /** The saved file at `url`: every image request asks, so a folder with nothing saved answers at once. */
  async match(url: string): Promise<Response | undefined> {
    if (this.loaded && !this.folders.has(folderOf(url))) return undefined;
    if (!(await this.storage.has(DOWNLOAD_CACHE_NAME))) return undefined;
    const cache = await this.storage.open(DOWNLOAD_CACHE_NAME);
    return cache.match(url);
  }

  /** A saved image of the same address in any width (`?w=`), for a page offline asking another width. */
  async matchAnyWidth(url: string): Promise<Response | undefined> {
    if (!(await this.storage.has(DOWNLOAD_CACHE_NAME))) return undefined;
    const cache = await this.storage.open(DOWNLOAD_CACHE_NAME);
    return cache.match(url, { ignoreSearch: true });
  }
}

/** The parts of ServiceWorkerGlobalScope used here, typed locally for Node-side tests. */
export interface DownloadsMessageScope {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown; waitUntil(work: Promise<unknown>): void }) => void): void;
}

export function listenForDownloadChanges(scope: DownloadsMessageScope, saved: SavedMedia): void {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === DOWNLOADS_CHANGED) event.waitUntil(saved.reload());
  });
}
