import { describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { newNonce, signedHeaders } from '../../protocol/signing.ts';
import { BACKENDS, call, suiteServer } from './helpers.ts';

const listBody = { categoryId: HOME_ID, page: 1, pageSize: 5 };

describe.each(BACKENDS)('signature checks on $name', (backend) => {
  const server = suiteServer({ backend });

  it('accepts a correctly signed call and stamps x-server-time', async () => {
    const { res, envelope } = await call(server.app, API.videoList, { body: listBody });
    expect(res.statusCode).toBe(200);
    expect(envelope.code).toBe(200);
    expect(envelope.hash).toBe(true);
    expect(Number(res.headers['x-server-time'])).toBeGreaterThan(Date.now() - 5000);
  });

  it.each(['x-secret', 'x-ua', 'x-timestamp', 'x-nonce', 'x-api-key'])('rejects a call without %s (401/1002)', async (name) => {
    const { res, envelope } = await call(server.app, API.videoList, { body: listBody, headers: { [name]: undefined } });
    expect(res.statusCode).toBe(401);
    expect(envelope).toEqual({ code: 1002, tip: '签名无效', data: null, hash: false });
    expect(res.headers['x-server-time']).toBeDefined();
  });

  it('rejects a wrong secret, malformed nonce, timestamp or key (1002)', async () => {
    for (const headers of [{ 'x-secret': 'md-app-secret-dex' }, { 'x-nonce': 'XYZ' }, { 'x-timestamp': 'yesterday' }, { 'x-api-key': 'not-hex' }]) {
      const { res, envelope } = await call(server.app, API.videoList, { body: listBody, headers });
      expect(res.statusCode).toBe(401);
      expect(envelope.code).toBe(1002);
    }
  });

  it('rejects a forged signature or one made with another key (1002)', async () => {
    const forged = await call(server.app, API.videoList, { body: listBody, headers: { 'x-api-key': 'a'.repeat(64) } });
    expect(forged.envelope.code).toBe(1002);
    const otherKey = await call(server.app, API.videoList, { body: listBody, signingKey: 'another-signing-key' });
    expect(otherKey.envelope.code).toBe(1002);
    const noKey = await call(server.app, API.videoList, { body: listBody, headers: { 'x-api-key': undefined } });
    expect(noKey.envelope.code).toBe(1002);
  });

  it('checks the body hash against the exact bytes', async () => {
    const { app } = server;
    const body = JSON.stringify(listBody);
    const good = await call(app, API.videoList, { rawBody: body });
    expect(good.envelope.code).toBe(200);
    const headers = signedHeaders({
      appSecret: 'md-app-secret-dev',
      signingKey: 'md-signing-key-dev-0001',
      method: 'POST',
      pathWithQuery: API.videoList,
      ua: 'x',
      now: Date.now(),
      body,
    });
    const res = await app.inject({
      method: 'POST',
      url: API.videoList,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body.replace('5', '6'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(1002);
  });

  it('rejects a stale or future timestamp with 1003 and reports server time', async () => {
    // Ten seconds past the allowed skew either way, so that a busy machine's pause cannot bring them back inside it.
    for (const skew of [-310_000, 310_000]) {
      const before = Date.now();
      const { res, envelope } = await call(server.app, API.videoList, { body: listBody, now: before + skew });
      const after = Date.now();
      expect(res.statusCode).toBe(401);
      expect(envelope).toEqual({ code: 1003, tip: '请求已过期', data: null, hash: false });
      // The server's clock when it answered: within the call.
      expect(Number(res.headers['x-server-time'])).toBeGreaterThanOrEqual(before);
      expect(Number(res.headers['x-server-time'])).toBeLessThanOrEqual(after);
    }
    const edge = await call(server.app, API.videoList, { body: listBody, now: Date.now() - 290_000 });
    expect(edge.envelope.code).toBe(200);
  });

  it('rejects a replayed nonce with 1004', async () => {
    const nonce = newNonce();
    const first = await call(server.app, API.videoList, { body: listBody, nonce });
    expect(first.envelope.code).toBe(200);
    const again = await call(server.app, API.videoList, { body: listBody, nonce });
    expect(again.res.statusCode).toBe(401);
    expect(again.envelope).toEqual({ code: 1004, tip: '重复的请求', data: null, hash: false });
  });

  it('checks the timestamp first, then the signature, and claims the nonce only for a signed request', async () => {
    const nonce = newNonce();
    const stale = await call(server.app, API.videoList, { body: listBody, nonce, now: Date.now() - 600_000, headers: { 'x-api-key': 'b'.repeat(64) } });
    expect(stale.envelope.code).toBe(1003);
    // A forged request carrying a fresh nonce is refused as forged and does not use the nonce up.
    const forged = await call(server.app, API.videoList, { body: listBody, nonce, headers: { 'x-api-key': 'b'.repeat(64) } });
    expect(forged.envelope.code).toBe(1002);
    const genuine = await call(server.app, API.videoList, { body: listBody, nonce });
    expect(genuine.envelope.code).toBe(200);
    const replayedForged = await call(server.app, API.videoList, { body: listBody, nonce, headers: { 'x-api-key': 'b'.repeat(64) } });
    expect(replayedForged.envelope.code).toBe(1002);
    const replayed = await call(server.app, API.videoList, { body: listBody, nonce });
    expect(replayed.envelope.code).toBe(1004);
  });

  it('answers unsigned garbage with 401 before looking at the body', async () => {
    const res = await server.app.inject({ method: 'POST', url: API.videoList, headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(1002);
  });

  it('answers unknown /api routes with a 404 envelope', async () => {
    const { res, envelope } = await call(server.app, '/api/app/nope', { body: {} });
    expect(res.statusCode).toBe(404);
    expect(envelope.code).toBe(1006);
    expect(res.headers['x-server-time']).toBeDefined();
  });
});
