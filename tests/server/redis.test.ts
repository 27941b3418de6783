import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { newNonce } from '../../protocol/signing.ts';
import { MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/routes/login/sign-in-limits.ts';
import { BACKENDS, call, startServer, type TestServer } from './helpers.ts';

const redisUrl = process.env.REDIS_URL;

// Without REDIS_URL the suite checks the documented single-instance behaviour instead of being
// skipped: each in-memory instance keeps its own nonces.
if (!redisUrl) describe('two instances without Redis', () => {
  it('keep separate nonce stores', async () => {
    const [a, b] = await Promise.all([startServer({ backend: BACKENDS[0]! }), startServer({ backend: BACKENDS[0]! })]);
    try {
      const nonce = newNonce();
      const body = { categoryId: HOME_ID, page: 1, pageSize: 1 };
      expect((await call(a.app, API.videoList, { body, nonce })).envelope.code).toBe(200);
      expect((await call(b.app, API.videoList, { body, nonce })).envelope.code).toBe(200);
      expect((await call(a.app, API.videoList, { body, nonce })).envelope.code).toBe(1004);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
else describe('two instances sharing Redis', () => {
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
