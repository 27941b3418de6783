import { Redis } from 'ioredis';
import { NONCE_TTL_MS } from '../../protocol/signing.ts';

/** Remembers nonces for NONCE_TTL_MS; shared through Redis when several instances run. */
export interface NonceStore {
  /** Records the nonce; false when it was already seen within the window. */
  claim(nonce: string): Promise<boolean>;
}

/** Counts events per key in a fixed window (login failures). */
export interface Counter {
  count(key: string): Promise<number>;
  hit(key: string, windowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
}

export interface Stores {
  nonces: NonceStore;
  counter: Counter;
  close(): Promise<void>;
}

class MemoryExpiringMap {
  private readonly map = new Map<string, { value: number; expires: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(sweepMs: number) {
    this.timer = setInterval(() => this.sweep(), sweepMs);
    this.timer.unref();
  }

  entry(key: string, now: number): { value: number; expires: number } | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  get(key: string, now: number): number | undefined {
    return this.entry(key, now)?.value;
  }

  set(key: string, value: number, expires: number): void {
    this.map.set(key, { value, expires });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, e] of this.map) if (e.expires <= now) this.map.delete(k);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export function memoryStores(): Stores {
  const nonces = new MemoryExpiringMap(60_000);
  const counts = new MemoryExpiringMap(60_000);
  return {
    nonces: {
      async claim(nonce) {
        const now = Date.now();
        if (nonces.get(nonce, now) !== undefined) return false;
        nonces.set(nonce, 1, now + NONCE_TTL_MS);
        return true;
      },
    },
    counter: {
      async count(key) {
        return counts.get(key, Date.now()) ?? 0;
      },
      async hit(key, windowMs) {
        const now = Date.now();
        const current = counts.entry(key, now);
        // A fixed window: the first failure starts it, later ones keep its end.
        const next = (current?.value ?? 0) + 1;
        counts.set(key, next, current?.expires ?? now + windowMs);
        return next;
      },
      async clear(key) {
        counts.delete(key);
      },
    },
    async close() {
      nonces.stop();
      counts.stop();
    },
  };
}

export function redisStores(url: string, prefix = 'md:'): Stores {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  return {
    nonces: {
      async claim(nonce) {
        return (await redis.set(`${prefix}nonce:${nonce}`, '1', 'PX', NONCE_TTL_MS, 'NX')) === 'OK';
      },
    },
    counter: {
      async count(key) {
        return Number((await redis.get(`${prefix}count:${key}`)) ?? 0);
      },
      async hit(key, windowMs) {
        const k = `${prefix}count:${key}`;
        const [[, n]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
        return n;
      },
      async clear(key) {
        await redis.del(`${prefix}count:${key}`);
      },
    },
    async close() {
      await redis.quit();
    },
  };
}
