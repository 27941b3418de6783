import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type LoginResult, type VideoDetail } from '../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../protocol/content-api.ts';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { ReadCaches } from '../../server/cache/read-caches.ts';
import { redisStores } from '../../server/plugins/stores.ts';
import { newNonce } from '../../protocol/signing.ts';
import { MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/accounts/sign-in-limits.ts';
import { BACKENDS, call, devId, startServer, type TestServer } from './helpers.ts';

const redisUrl = process.env.REDIS_URL;

// Without REDIS_URL the suite checks the documented single-instance behaviour instead of being
// skipped: each in-memory instance keeps its own nonces.
if (!redisUrl)
  describe('two instances without Redis', () => {
    // Started under the hook's longer timeout: on a fresh machine the first start also writes the
    // shared demo media, which both instances wait for.
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      [a, b] = await Promise.all([startServer({ backend: BACKENDS[0]! }), startServer({ backend: BACKENDS[0]! })]);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('keep separate nonce stores', async () => {
      const nonce = newNonce();
      const body = { categoryId: HOME_ID, page: 1, pageSize: 1 };
      expect((await call(a.app, API.videoList, { body, nonce })).envelope.code).toBe(200);
      expect((await call(b.app, API.videoList, { body, nonce })).envelope.code).toBe(200);
      expect((await call(a.app, API.videoList, { body, nonce })).envelope.code).toBe(1004);
    });
  });
else
  describe('two instances sharing Redis', () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startServer({ backend: BACKENDS[0]!, env: { REDIS_URL: redisUrl! } });
      b = await startServer({ backend: BACKENDS[0]!, env: { REDIS_URL: redisUrl! } });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('rejects on one instance a nonce first used on the other', async () => {
      const nonce = newNonce();
      const body = { categoryId: HOME_ID, page: 1, pageSize: 1 };
      expect((await call(a.app, API.videoList, { body, nonce })).envelope.code).toBe(200);
      const replay = await call(b.app, API.videoList, { body, nonce });
      expect(replay.res.statusCode).toBe(401);
      expect(replay.envelope.code).toBe(1004);
    });

    it('shares login failure counts', async () => {
      const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const account = `shared_${Date.now()}`;
      for (let i = 0; i < MAX_TRIES_PER_ACCOUNT_AND_ADDRESS; i++) {
        const app = i % 2 ? a.app : b.app;
        expect((await call(app, API.loginOfficial, { body: { account, password: 'wrong-pw' }, remoteAddress: address })).envelope.code).toBe(1009);
      }
      expect((await call(a.app, API.loginOfficial, { body: { account, password: 'wrong-pw' }, remoteAddress: address })).envelope.code).toBe(1008);
    });
  });

if (redisUrl)
  describe('cache invalidation shared through Redis', () => {
    it('reaches the other instance: a message published by one is heard by the other, not by itself', async () => {
      const one = redisStores(redisUrl);
      const two = redisStores(redisUrl);
      try {
        const heardByOne: string[] = [];
        const heardByTwo: string[] = [];
        one.broadcast.subscribe((m) => heardByOne.push(m));
        two.broadcast.subscribe((m) => heardByTwo.push(m));
        // Subscribing is asynchronous; publish until the other side has heard.
        await expect
          .poll(async () => {
            await one.broadcast.publish('hello');
            return heardByTwo.length;
          })
          .toBeGreaterThan(0);
        expect(heardByTwo.every((m) => m === 'hello')).toBe(true);
        expect(heardByOne).toEqual([]);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('forgets every cached answer once its subscription was cut, since what was published meanwhile is lost', async () => {
      const prefix = `md-test-${randomBytes(4).toString('hex')}:`;
      const stores = redisStores(redisUrl, prefix);
      const admin = new Redis(redisUrl);
      try {
        const cache = new ReadCaches(stores.broadcast).create<string, { loads: number }>('test', { max: 10, ttlMs: 3_600_000 });
        let loads = 0;
        const load = async () => ({ loads: ++loads });
        expect(await cache.get('k', load)).toEqual({ loads: 1 });
        expect(await cache.get('k', load)).toEqual({ loads: 1 });
        // The subscriber names itself after the prefix; Redis drops it, ioredis connects again.
        let id: string | undefined;
        await expect
          .poll(async () => {
            const list = (await admin.client('LIST')) as string;
            id = list
              .split('\n')
              .find((line) => line.includes(` name=${prefix}broadcast `))
              ?.match(/^id=(\d+)/)?.[1];
            return id;
          })
          .toBeDefined();
        await admin.client('KILL', 'ID', id!);
        await expect.poll(async () => (await cache.get('k', load)).loads).toBe(2);
      } finally {
        await stores.close();
        admin.disconnect();
      }
    });

    // Two instances on one PostgreSQL database (an embedded PGlite cannot be shared).
    if (process.env.DATABASE_URL)
      it("clears a cached video detail and the caller's favourites on every instance when a favourite changes them", async () => {
        const db = await BACKENDS[1]!.create();
        const env = { REDIS_URL: redisUrl, DATABASE_URL: db.url! };
        const a = await startServer({ backend: BACKENDS[0]!, env });
        const b = await startServer({ backend: BACKENDS[0]!, env });
        try {
          const id = 1052;
          const before = (await call<VideoDetail>(a.app, API.videoDetail, { body: { id } })).data.collectCount;
          const token = (await call<LoginResult>(b.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data.token;
          // Instance a now holds this caller's favourites (none) as well as the detail.
          expect((await call<VideoDetail & { isCollect: boolean }>(a.app, API.videoDetail, { body: { id }, token })).data.isCollect).toBe(false);
          expect((await call(b.app, CONTENT_API.collectAdd, { body: { id, contentType: CONTENT_TYPE.VIDEO }, token })).envelope.code).toBe(200);
          await expect.poll(async () => (await call<VideoDetail>(a.app, API.videoDetail, { body: { id } })).data.collectCount).toBe(before + 1);
          await expect
            .poll(async () => (await call<VideoDetail & { isCollect: boolean }>(a.app, API.videoDetail, { body: { id }, token })).data.isCollect)
            .toBe(true);
        } finally {
          await a.close();
          await b.close();
          await db.drop();
        }
      });
  });
