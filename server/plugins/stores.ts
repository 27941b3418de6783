import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { NONCE_TTL_MS } from '../../protocol/signing.ts';

/** Remembers nonces for NONCE_TTL_MS; shared through Redis when several instances run. */
export interface NonceStore {
  /** Records the nonce; false when it was already seen within the window. */
  claim(nonce: string): Promise<boolean>;
}

/**
 * Counts per key in fixed windows (sign-in attempts, uploads, bytes). Every operation is atomic,
 * so limits hold under concurrency: callers add first and compare the value they get back,
 * never read, decide and write.
 */
export interface Counter {
  /** Adds `amount` (default 1); the first hit starts the key's window. Answers the new count. */
  hit(key: string, windowMs: number, amount?: number): Promise<number>;
  /** Takes back `amount` (an attempt that turned out fine); never below zero, never revives an expired key. */
  release(key: string, amount?: number): Promise<void>;
  count(key: string): Promise<number>;
  clear(key: string): Promise<void>;
  /** Takes the key for `ttlMs` when nobody holds it; true for the one caller that got it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/** Messages to every instance (cache invalidations); one process hears only itself. */
export interface Broadcast {
  publish(message: string): Promise<void>;
  /**
   * Called for messages of other instances. `missed` is called when messages may have been lost
   * (the subscription was cut and made again): the listener must then assume anything changed.
   */
  subscribe(listener: (message: string) => void, missed?: () => void): void;
}

export interface Stores {
  nonces: NonceStore;
  counter: Counter;
  broadcast: Broadcast;
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

/** One process's stores. Each operation runs to completion without awaiting, so it is atomic here. */
export function memoryStores(): Stores {
  const nonces = new MemoryExpiringMap(60_000);
  const counts = new MemoryExpiringMap(60_000);
  const claim = (map: MemoryExpiringMap, key: string, ttlMs: number): boolean => {
    const now = Date.now();
    if (map.entry(key, now)) return false;
    map.set(key, 1, now + ttlMs);
    return true;
  };
  return {
    nonces: {
      async claim(nonce) {
        return claim(nonces, nonce, NONCE_TTL_MS);
      },
    },
    counter: {
      async hit(key, windowMs, amount = 1) {
        const now = Date.now();
        const current = counts.entry(key, now);
        const next = (current?.value ?? 0) + amount;
        counts.set(key, next, current?.expires ?? now + windowMs);
        return next;
      },
      async release(key, amount = 1) {
        const current = counts.entry(key, Date.now());
        if (current) current.value = Math.max(0, current.value - amount);
      },
      async count(key) {
        return counts.entry(key, Date.now())?.value ?? 0;
      },
      async clear(key) {
        counts.delete(key);
      },
      async claim(key, ttlMs) {
        return claim(counts, key, ttlMs);
      },
    },
    broadcast: { publish: async () => undefined, subscribe: () => undefined },
    async close() {
      nonces.stop();
      counts.stop();
    },
  };
}

// Decrements only a live key and never below zero: a release after the window ended must not
// leave a negative count without an expiry behind.
const RELEASE_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local n = tonumber(v) - tonumber(ARGV[1])
if n < 0 then n = 0 end
redis.call('SET', KEYS[1], n, 'KEEPTTL')
return n`;

export function redisStores(url: string, prefix = 'md:'): Stores {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const k = (key: string) => `${prefix}count:${key}`;
  const channel = `${prefix}broadcast`;
  // Messages carry the sender's id so an instance does not act twice on its own.
  const origin = randomUUID();
  // A subscribed connection can do nothing else: the listener gets its own, made on first use.
  let subscriber: Redis | null = null;
  const listeners: ((message: string) => void)[] = [];
  const gapListeners: (() => void)[] = [];
  return {
    nonces: {
      async claim(nonce) {
        return (await redis.set(`${prefix}nonce:${nonce}`, '1', 'PX', NONCE_TTL_MS, 'NX')) === 'OK';
      },
    },
    counter: {
      async hit(key, windowMs, amount = 1) {
        const [[, n]] = (await redis.multi().incrby(k(key), amount).pexpire(k(key), windowMs, 'NX').exec()) as [[unknown, number]];
        return n;
      },
      async release(key, amount = 1) {
        await redis.eval(RELEASE_SCRIPT, 1, k(key), amount);
      },
      async count(key) {
        return Number((await redis.get(k(key))) ?? 0);
      },
      async clear(key) {
        await redis.del(k(key));
      },
      async claim(key, ttlMs) {
        return (await redis.set(k(key), '1', 'PX', ttlMs, 'NX')) === 'OK';
      },
    },
    broadcast: {
      async publish(message) {
        await redis.publish(channel, JSON.stringify({ origin, message }));
      },
      subscribe(listener, missed) {
        listeners.push(listener);
        if (missed) gapListeners.push(missed);
        if (subscriber) return;
        // Named, so that an operator (or a test) finds it in CLIENT LIST.
        subscriber = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${prefix}broadcast` });
        // Pub/sub keeps nothing for a subscriber that is away: after a reconnection (ioredis
        // subscribes again by itself) what was published meanwhile is gone, so the listeners hear
        // that they may have missed something.
        let connections = 0;
        subscriber.on('ready', () => {
          if (++connections > 1) for (const gap of gapListeners) gap();
        });
        subscriber.on('message', (_channel: string, raw: string) => {
          const { origin: from, message } = JSON.parse(raw) as { origin: string; message: string };
          if (from !== origin) for (const l of listeners) l(message);
        });
        void subscriber.subscribe(channel).catch(() => undefined);
      },
    },
    async close() {
      await Promise.all([redis.quit(), subscriber?.quit()]);
    },
  };
}
