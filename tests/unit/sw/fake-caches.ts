/** In-memory CacheStorage with the parts of the Cache API the service worker uses (insertion-ordered keys). */
export class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    const key = keyOf(request);
    if (!options?.ignoreSearch) return this.entries.get(key)?.clone();
    const bare = withoutSearch(key);
    for (const [stored, response] of this.entries) if (withoutSearch(stored) === bare) return response.clone();
    return undefined;
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = keyOf(request);
    const stored = new Response(await response.arrayBuffer(), { status: response.status, headers: response.headers });
    this.entries.delete(key);
    this.entries.set(key, stored);
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}

function withoutSearch(href: string): string {
  const url = new URL(href);
  url.search = '';
  return url.href;
}

function keyOf(request: RequestInfo | URL): string {
  return new URL(request instanceof Request ? request.url : String(request), 'https://md.test').href;
}

/**
 * Makes `storage` the worker's `self.caches` (workbox-expiration deletes through it) and returns
 * it as a CacheStorage for the code under test.
 */
export function serviceWorkerCaches(storage: FakeCacheStorage): CacheStorage {
  const scope = globalThis as unknown as { self?: { caches?: CacheStorage } };
  scope.self ??= globalThis as unknown as { caches?: CacheStorage };
  scope.self.caches = storage.asCacheStorage();
  return storage.asCacheStorage();
}
