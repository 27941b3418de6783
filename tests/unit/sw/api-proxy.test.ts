import { describe, expect, it, vi } from 'vitest';
import { API } from '../../../protocol/api.ts';
import { toBase64, fromBase64 } from '../../../protocol/bytes.ts';
import { encryptData } from '../../../protocol/cipher.ts';
import { isApiRequest, proxyApiRequest } from '../../../sw/api-proxy.ts';
import { createApiPipeline } from '../../../sw/shared/api-pipeline.ts';
import { envelopeResponse, keys, scriptedFetch, sealedResponse, signatureOf } from './fake-server.ts';

const ORIGIN = 'https://md.test';
const UA = 'deviceType=desktop&sysType=h5_pc&version=1.0.1%2B27&browser=Firefox';

function pageRequest(path: string, init: RequestInit = {}): Request {
  return new Request(ORIGIN + path, init);
}

describe('api proxy', () => {
  it('only claims same-origin /api/ paths', () => {
    expect(isApiRequest(new URL(`${ORIGIN}/api/app/video/list`), ORIGIN)).toBe(true);
    expect(isApiRequest(new URL(`${ORIGIN}/apiary`), ORIGIN)).toBe(false);
    expect(isApiRequest(new URL('https://other.test/api/app/video/list'), ORIGIN)).toBe(false);
  });

  it('forwards the exact body bytes, token and x-ua, and answers with the decrypted envelope', async () => {
    const data = { list: [{ id: 7 }], total: 1 };
    const server = scriptedFetch([
      async () => {
        const res = await sealedResponse(data);
        return new Response(await res.text(), { status: 200, headers: { 'x-server-time': '1700000000123' } });
      },
    ]);
    const json = '{ "page": 1,  "kw": "中文" }';
    const response = await proxyApiRequest(
      pageRequest(API.videoList, {
        method: 'POST',
        body: json,
        headers: { 'content-type': 'application/json', authorization: 'Bearer t0k', 'x-ua': UA },
      }),
      createApiPipeline({ keys, fetch: server.fetch }),
      () => undefined,
    );

    const [seen] = server.calls;
    expect(new TextDecoder().decode(seen!.body as Uint8Array)).toBe(json);
    expect(seen!.headers.get('authorization')).toBe('Bearer t0k');
    expect(seen!.headers.get('x-ua')).toBe(UA);
    expect(signatureOf(seen!)).toBe(true);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-server-time')).toBe('1700000000123');
    expect(await response.json()).toEqual({ code: 200, tip: 'success', data, hash: false });
  });

  it('keeps the status of error envelopes', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 1002, tip: '签名无效', data: null, hash: false }, 401)]);
    const response = await proxyApiRequest(
      pageRequest(API.userInfo, { method: 'POST', body: '{}' }),
      createApiPipeline({ keys, fetch: server.fetch }),
      () => undefined,
    );
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe(1002);
  });

  it('signs multipart uploads with UNSIGNED-PAYLOAD and forwards the form bytes and boundary', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'a.png');
    const request = pageRequest(API.uploadImg, { method: 'POST', body: form });
    const contentType = request.headers.get('content-type')!;
    const expected = new Uint8Array(await request.clone().arrayBuffer());
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: { url: 'u/a.png' }, hash: false })]);
    await proxyApiRequest(request, createApiPipeline({ keys, fetch: server.fetch }), () => undefined);
    const [seen] = server.calls;
    expect(seen!.headers.get('content-type')).toBe(contentType);
    expect(seen!.body).toEqual(expected);
    expect(signatureOf(seen!, true)).toBe(true);
  });

  it('answers 200 with the intercept-error header and body when decryption fails', async () => {
    const sealed = fromBase64(await encryptData(keys.dataKeyHex, [1, 2, 3]));
    sealed[20]! ^= 0xff;
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: toBase64(sealed), hash: true })]);
    const response = await proxyApiRequest(
      pageRequest(API.videoList, { method: 'POST', body: '{}' }),
      createApiPipeline({ keys, fetch: server.fetch }),
      () => undefined,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-md-intercept-error')).toBe('1');
    expect(await response.json()).toEqual({ code: -1, tip: '服务器异常', data: null, hash: false });
  });

  it('answers a network error when the server cannot be reached', async () => {
    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    const response = await proxyApiRequest(pageRequest(API.config), createApiPipeline({ keys, fetch: failing }), () => undefined);
    expect(response.type).toBe('error');
  });

  it('hands the decrypted ping/config envelope over so image bases can be learned', async () => {
    const config = { domain: [{ type: 'IMAGE', urls: ['https://img.test/media/img'] }], headerMenus: [], advertise: [], serverTime: 1 };
    const server = scriptedFetch([async () => sealedResponse(config)]);
    const onConfig = vi.fn();
    await proxyApiRequest(pageRequest(API.config), createApiPipeline({ keys, fetch: server.fetch }), onConfig);
    expect(onConfig).toHaveBeenCalledOnce();
    expect(JSON.parse(onConfig.mock.calls[0]![0]).data).toEqual(config);
  });
});

describe('api proxy with bodies that are not envelopes', () => {
  it('passes a proxy error page through with its status and content type', async () => {
    const server = scriptedFetch([() => new Response('<h1>502</h1>', { status: 502, headers: { 'content-type': 'text/html' } })]);
    const response = await proxyApiRequest(pageRequest(API.config), createApiPipeline({ keys, fetch: server.fetch }), () => undefined);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<h1>502</h1>');
  });
});
