import { LRUCache } from 'lru-cache';
import type { Broadcast } from '../plugins/stores.ts';

/**
 * A bounded, expiring cache of read results. Concurrent misses of one key share one load; a load
 * that fails is forgotten at once. Writes that change what it holds call `delete` or `clear`,
 * which reach every instance through the broadcast when REDIS_URL is set.
 */
export interface ReadCache<K extends string | number, V extends object> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

interface Invalidation {
  cache: string;
  key?: string | number;
}

export interface ReadCacheOptions {
  max: number;
  ttlMs: number;
}

export class ReadCaches {
  private readonly caches = new Map<string, LRUCache<string | number, Promise<object>>>();

  /** `enabled` false (MD_CACHES=0) makes every get a load: to measure what the caches save. */
  constructor(
    private readonly broadcast: Broadcast,
    private readonly enabled = true,
  ) {
    broadcast.subscribe(
      (raw) => {
        const { cache, key } = JSON.parse(raw) as Invalidation;
        this.apply(cache, key);
      },
      // Invalidations sent while this instance was cut off from Redis are lost: forget everything.
      () => {
        for (const lru of this.caches.values()) lru.clear();
      },
    );
  }

  create<K extends string | number, V extends object>(name: string, options: ReadCacheOptions): ReadCache<K, V> {
    if (this.caches.has(name)) throw new Error(`read cache ${name} exists`);
    const lru = new LRUCache<string | number, Promise<object>>({ max: options.max, ttl: options.ttlMs });
    this.caches.set(name, lru);
    const send = (key?: K) => {
      this.apply(name, key);
      void this.broadcast.publish(JSON.stringify({ cache: name, key } satisfies Invalidation)).catch(() => undefined);
    };
    return {
      get: (key, load) => {
        if (!this.enabled) return load();
        const hit = lru.get(key) as Promise<V> | undefined;
        if (hit) return hit;
        const loading = load();
        lru.set(key, loading);
        loading.catch(() => {
          if (lru.peek(key) === loading) lru.delete(key);
        });
        return loading;
      },
      delete: (key) => send(key),
      clear: () => send(),
      get size() {
        return lru.size;
      },
    };
  }

  private apply(name: string, key?: string | number): void {
    const lru = this.caches.get(name);
    if (!lru) return;
    if (key === undefined) lru.clear();
    else lru.delete(key);
  }
}
