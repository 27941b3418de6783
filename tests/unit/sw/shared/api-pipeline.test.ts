import { describe, expect, it } from 'vitest';
import { toBase64, fromBase64 } from '../../../../protocol/bytes.ts';
import { encryptData } from '../../../../protocol/cipher.ts';
import { NONCE_PATTERN } from '../../../../protocol/signing.ts';
import { createApiPipeline, INTERCEPT_ERROR_BODY, openEnvelope } from '../../../../sw/shared/api-pipeline.ts';
import { envelopeResponse, hangingFetch, keys, scriptedFetch, sealedResponse, signatureOf } from '../fake-server.ts';

const UA = 'deviceType=mobile&sysType=h5&version=1.0.1%2B27&browser=Chrome';
const body = new TextEncoder().encode('{"page":1,"pageSize":20,"tag":"新"}');

function call(overrides: Partial<Parameters<ReturnType<typeof createApiPipeline>['send']>[0]> = {}) {
  return {
    method: 'POST',
    url: 'https://md.test/api/app/video/list?x=1&y=%E6%96%B0',
    token: 'tok-123',
    ua: UA,
    body,
    contentType: 'application/json',
    multipart: false,
    ...overrides,
  };
}

describe('api pipeline', () => {
  it('sends the five signing headers and a bearer token, with a signature the server accepts', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: { ok: 1 }, hash: false })]);
    const pipeline = createApiPipeline({ keys, fetch: server.fetch });
    await pipeline.send(call());

    const [seen] = server.calls;
    expect(seen!.headers.get('x-secret')).toBe(keys.appSecret);
    expect(seen!.headers.get('x-ua')).toBe(UA);
    expect(seen!.headers.get('x-timestamp')).toMatch(/^\d{13}$/);
    expect(seen!.headers.get('x-nonce')).toMatch(NONCE_PATTERN);
    expect(seen!.headers.get('x-api-key')).toMatch(/^[0-9a-f]{64}$/);
    expect(seen!.headers.get('authorization')).toBe('Bearer tok-123');
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(seen!.body).toEqual(body);
    expect(signatureOf(seen!)).toBe(true);
  });

  it('signs the path with its query, and a GET without token or body', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: null, hash: false })]);
    const pipeline = createApiPipeline({ keys, fetch: server.fetch });
    await pipeline.send(call({ method: 'GET', token: '', body: null, contentType: null }));
    const [seen] = server.calls;
    expect(seen!.headers.has('authorization')).toBe(false);
    expect(signatureOf(seen!)).toBe(true);
    expect(signatureOf({ ...seen!, url: 'https://md.test/api/app/video/list' })).toBe(false);
  });

  it('signs multipart uploads with UNSIGNED-PAYLOAD and sends the form', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: null, hash: false })]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.png');
    await createApiPipeline({ keys, fetch: server.fetch }).send(call({ body: form, contentType: null, multipart: true }));
    const [seen] = server.calls;
    expect(seen!.body).toBe(form);
    expect(signatureOf(seen!, true)).toBe(true);
    expect(signatureOf(seen!, false)).toBe(false);
  });

  it('decrypts hash payloads into an envelope with hash false, keeping status and server time', async () => {
    const data = { list: [{ id: 1, title: '标题' }], total: 1 };
    const server = scriptedFetch([async () => sealedResponse(data)]);
    const outcome = await createApiPipeline({ keys, fetch: server.fetch }).send(call());
    expect(outcome.kind).toBe('response');
    if (outcome.kind !== 'response') return;
    expect(outcome.status).toBe(200);
    expect(outcome.code).toBe(200);
    expect(outcome.serverTime).toMatch(/^\d+$/);
    expect(JSON.parse(outcome.body)).toEqual({ code: 200, tip: 'success', data, hash: false });
  });

  it('passes plain envelopes and non-envelope bodies through unchanged', async () => {
    expect(await openEnvelope(keys.dataKeyHex, '{"code":1006,"tip":"没有","data":null,"hash":false}')).toEqual({
      body: '{"code":1006,"tip":"没有","data":null,"hash":false}',
      code: 1006,
    });
    expect(await openEnvelope(keys.dataKeyHex, '<html>bad gateway</html>')).toEqual({ body: '<html>bad gateway</html>', code: null });
    expect(await openEnvelope(keys.dataKeyHex, '')).toEqual({ body: '', code: null });
  });

  it('reports tampered ciphertext as an intercept error, never as data', async () => {
    const sealed = fromBase64(await encryptData(keys.dataKeyHex, { secret: true }));
    sealed[sealed.length - 1]! ^= 1;
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: toBase64(sealed), hash: true })]);
    const outcome = await createApiPipeline({ keys, fetch: server.fetch }).send(call());
    expect(outcome.kind).toBe('intercept-error');
    expect(JSON.parse(INTERCEPT_ERROR_BODY)).toEqual({ code: -1, tip: '服务器异常', data: null, hash: false });
  });

  it('treats a hash payload that is not base64 as an intercept error', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: '***', hash: true })]);
    expect((await createApiPipeline({ keys, fetch: server.fetch }).send(call())).kind).toBe('intercept-error');
  });

  it('reports its own failures as intercept errors instead of throwing', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: null, hash: false })]);
    expect(await createApiPipeline({ keys, fetch: server.fetch }).send(call({ url: 'not a url' }))).toMatchObject({ kind: 'intercept-error' });
    expect(server.calls).toHaveLength(0);
  });

  it('on 1003 learns the server clock and retries once with a corrected timestamp and a new nonce', async () => {
    const localNow = 1_700_000_000_000;
    const serverNow = localNow + 3_600_000;
    const server = scriptedFetch([
      () => envelopeResponse({ code: 1003, tip: '请求已过期', data: null, hash: false }, 401, serverNow),
      () => envelopeResponse({ code: 200, tip: 'success', data: 'ok', hash: false }, 200, serverNow),
    ]);
    const pipeline = createApiPipeline({ keys, fetch: server.fetch, now: () => localNow });
    const outcome = await pipeline.send(call());

    expect(server.calls).toHaveLength(2);
    const [first, retry] = server.calls;
    expect(first!.headers.get('x-timestamp')).toBe(String(localNow));
    expect(retry!.headers.get('x-timestamp')).toBe(String(serverNow));
    expect(retry!.headers.get('x-nonce')).not.toBe(first!.headers.get('x-nonce'));
    expect(retry!.body).toEqual(body);
    expect(signatureOf(retry!)).toBe(true);
    expect(outcome).toMatchObject({ kind: 'response', status: 200, code: 200 });
    expect(pipeline.clockOffset()).toBe(3_600_000);

    await pipeline.send(call());
    expect(server.calls[2]!.headers.get('x-timestamp')).toBe(String(serverNow));
  });

  it('retries a 1003 only once', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 1003, tip: '请求已过期', data: null, hash: false }, 401, Date.now() + 900_000)]);
    const outcome = await createApiPipeline({ keys, fetch: server.fetch }).send(call());
    expect(server.calls).toHaveLength(2);
    expect(outcome).toMatchObject({ kind: 'response', status: 401, code: 1003 });
  });

  it('reports a network failure as a network error', async () => {
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    expect(await createApiPipeline({ keys, fetch: failing }).send(call())).toEqual({ kind: 'network-error', timedOut: false });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const outcome = await createApiPipeline({ keys, fetch: hangingFetch }).send(call({ timeoutMs: 40 }));
    expect(outcome).toEqual({ kind: 'network-error', timedOut: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = createApiPipeline({ keys, fetch: hangingFetch }).send(call({ signal: controller.signal }));
    controller.abort();
    expect(await pending).toEqual({ kind: 'network-error', timedOut: false });
  });
});
