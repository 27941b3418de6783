// Probes against a real listening server on 127.0.0.1: slow clients cut off, the connection cap,
// and the signature checks over real sockets. Every loop is bounded in count and time.
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { newNonce, signedHeaders } from '../../protocol/signing.ts';
import { createServer, prepare } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import type { App } from '../../server/app.ts';
import { KEYS, SHARED_MEDIA_DIR, UA } from '../server/helpers.ts';

const HEADERS_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 3000;
const MAX_CONNECTIONS = 20;
/** Node checks the timeouts once a second: allow that, and a loaded machine, on top. */
const SLACK_MS = 2500;

describe('a listening server', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: 'memory://',
      MEDIA_DIR: SHARED_MEDIA_DIR,
      STATIC_DIR: join(tmpdir(), 'md-test-no-static'),
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    });
    app = await createServer(config);
    await prepare(app, { encodeClips: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });

  /** Dribbles `step` every `everyMs` until the server closes the socket; answers the time it took and what came back. */
  async function dribble(first: string, step: string, everyMs: number, limitMs: number): Promise<{ ms: number; answer: string }> {
    const socket = await open();
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(first);
    const timer = setInterval(() => socket.writable && socket.write(step), everyMs);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, limitMs));
    await Promise.race([closed, gaveUp]);
    clearInterval(timer);
    socket.destroy();
    return { ms: Date.now() - started, answer };
  }

  it('cuts off a client that never finishes its headers', async () => {
    const { ms, answer } = await dribble('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n', 200, HEADERS_TIMEOUT_MS + SLACK_MS + 3000);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off a client that dribbles its body', async () => {
    const head = `POST ${API.videoList} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { ms, answer } = await dribble(head, ' ', 200, REQUEST_TIMEOUT_MS + SLACK_MS + 3000);
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it(`serves at most ${MAX_CONNECTIONS} connections at once and recovers when they close`, async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < MAX_CONNECTIONS * 2; i++) sockets.push(await open());
    const answered = await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            socket.on('error', () => resolve(false));
            socket.once('data', () => resolve(true));
            socket.once('close', () => resolve(false));
            setTimeout(() => resolve(false), 3000);
            socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
          }),
      ),
    );
    const served = answered.filter(Boolean).length;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(MAX_CONNECTIONS);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  describe('signature checks over the wire', () => {
    const body = JSON.stringify({ categoryId: HOME_ID, page: 1, pageSize: 1 });
    const signed = (overrides: { now?: number; nonce?: string } = {}) =>
      signedHeaders({
        appSecret: KEYS.MD_APP_SECRET,
        signingKey: KEYS.MD_SIGNING_KEY,
        method: 'POST',
        pathWithQuery: API.videoList,
        ua: UA,
        now: overrides.now ?? Date.now(),
        body,
        nonce: overrides.nonce,
      });
    const send = async (headers: Record<string, string>, payload = body) => {
      const res = await fetch(`http://127.0.0.1:${port}${API.videoList}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: payload,
      });
      return { status: res.status, code: ((await res.json()) as { code: number }).code };
    };
    /** `count` calls, ten at a time: under the connection cap this server was given. */
    const batches = async <T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> => {
      const out: T[] = [];
      for (let i = 0; i < count; i += 10) out.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => make(i + j)))));
      return out;
    };
    const tally = (answers: { status: number; code: number }[]) =>
      answers.reduce<Record<string, number>>((t, a) => ({ ...t, [`${a.status}/${a.code}`]: (t[`${a.status}/${a.code}`] ?? 0) + 1 }), {});

    it('refuses 200 replays, 100 stale and 100 tampered requests, and accepts 100 valid ones at ±290 s', async () => {
      const original = signed();
      expect((await send(original)).code).toBe(200);
      const replays = await batches(200, () => send(original));
      expect(tally(replays)).toEqual({ '401/1004': 200 });

      const stale = await batches(100, (i) => send(signed({ now: Date.now() + (i % 2 ? 1 : -1) * 301_000 })));
      expect(tally(stale)).toEqual({ '401/1003': 100 });

      const tampered = await batches(100, (i) => {
        const h = signed();
        if (i % 3 === 0) return send(h, body.replace('"pageSize":1', '"pageSize":2'));
        if (i % 3 === 1) return send({ ...h, 'x-api-key': h['x-api-key']!.replace(/^./, (c) => (c === '0' ? '1' : '0')) });
        return send({ ...h, 'x-ua': `${UA}x` });
      });
      expect(tally(tampered)).toEqual({ '401/1002': 100 });

      const skewed = await batches(100, (i) => send(signed({ now: Date.now() + (i % 2 ? 1 : -1) * 290_000 })));
      expect(tally(skewed)).toEqual({ '200/200': 100 });
    });

    it('leaves the nonce of a forged request for the genuine one', async () => {
      const nonce = newNonce();
      const genuine = signed({ nonce });
      expect(await send({ ...genuine, 'x-api-key': 'f'.repeat(64) })).toEqual({ status: 401, code: 1002 });
      expect(await send(genuine)).toEqual({ status: 200, code: 200 });
    });
  });
});
