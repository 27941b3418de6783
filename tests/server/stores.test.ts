import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryStores, redisStores, type Stores } from '../../server/plugins/stores.ts';

// The in-memory stores always; Redis too when REDIS_URL is set (CI sets it).
const kinds: [string, () => Stores][] = [['memory', memoryStores]];
if (process.env.REDIS_URL) kinds.push(['Redis', () => redisStores(process.env.REDIS_URL!, `md-test-${randomBytes(4).toString('hex')}:`)]);

describe.each(kinds)('%s counter', (_name, make) => {
  const stores = make();
  afterAll(() => stores.close());
  const key = () => `k-${randomBytes(6).toString('hex')}`;

  it('answers every concurrent hit a distinct count, so a limit admits exactly its number', async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 100 }, () => stores.counter.hit(k, 60_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(counts.filter((n) => n <= 10)).toHaveLength(10);
    expect(await stores.counter.hit(k, 60_000, 25)).toBe(125);
  });

  it('releases down to zero, never below, and never revives an expired key', async () => {
    const k = key();
    await stores.counter.hit(k, 60_000, 2);
    await Promise.all([stores.counter.release(k), stores.counter.release(k), stores.counter.release(k)]);
    expect(await stores.counter.count(k)).toBe(0);
    const short = key();
    await stores.counter.hit(short, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await stores.counter.release(short);
    expect(await stores.counter.count(short)).toBe(0);
    expect(await stores.counter.hit(short, 60_000)).toBe(1);
  });

  it('lets one of many concurrent claims win until the claim expires', async () => {
    const k = key();
    const wins = await Promise.all(Array.from({ length: 50 }, () => stores.counter.claim(k, 100)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await stores.counter.claim(k, 100)).toBe(true);
  });

  it('claims a nonce once', async () => {
    const n = randomBytes(16).toString('hex');
    const claims = await Promise.all(Array.from({ length: 20 }, () => stores.nonces.claim(n)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
