/** In-memory CacheStorage with the parts of the Cache API the service worker uses (insertion-ordered keys). */
export class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(keyOf(request))?.clone();
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
