import { describe, expect, it } from 'vitest';
import { API } from '../../../../protocol/api.ts';
import { fromBase64, toBase64 } from '../../../../protocol/bytes.ts';
import { encryptData } from '../../../../protocol/cipher.ts';
import { answerBootPoster, bootPosterAsked, type BootPosterMessage } from '../../../../workers/crypto-api.ts';
import { createCryptoApi } from '../../../../workers/lib/create-crypto-api.ts';
import { jpegBytes, maskedResponse, pngBytes } from '../../sw/fake-images.ts';
import { envelopeResponse, hangingFetch, keys, scriptedFetch, sealedResponse, signatureOf } from '../../sw/fake-server.ts';

const ORIGIN = 'https://md.test';
const UA = 'deviceType=mobile&sysType=h5&version=1.0.1%2B27&browser=Safari';

describe('crypto worker api', () => {
  it('signs a JSON call over the exact body, resolves the path against the origin and decrypts', async () => {
    const data = { id: 5, title: '详情' };
    const server = scriptedFetch([async () => sealedResponse(data)]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch });
    const body = '{"id":5}';
    const res = await api.request({ method: 'POST', url: `${API.videoDetail}?from=list`, body, token: 'tk', ua: UA });

    const [seen] = server.calls;
    expect(seen!.url).toBe(`${ORIGIN}${API.videoDetail}?from=list`);
    expect(new TextDecoder().decode(seen!.body as Uint8Array)).toBe(body);
    expect(seen!.headers.get('content-type')).toBe('application/json');
    expect(signatureOf(seen!)).toBe(true);
    expect(res).toMatchObject({ status: 200, interceptError: false, networkError: false });
    expect(JSON.parse(res.body)).toEqual({ code: 200, tip: 'success', data, hash: false });
  });

  it('sends uploads as FormData built from the files the page handed over, signed with UNSIGNED-PAYLOAD', async () => {
    const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: null, hash: false })]);
    const blob = new Blob([pngBytes() as Uint8Array<ArrayBuffer>], { type: 'image/png' });
    const parts = [{ field: 'file', blob, filename: 'a.png' }];
    // What crosses from the page to the worker must survive structured cloning (a FormData does not).
    expect(() => structuredClone(parts)).not.toThrow();
    await createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch }).request({ method: 'POST', url: API.uploadImg, parts, token: 't', ua: UA });
    const [seen] = server.calls;
    expect(seen!.body).toBeInstanceOf(FormData);
    const file = (seen!.body as FormData).get('file') as File;
    expect(file.name).toBe('a.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(await blob.arrayBuffer()));
    expect(seen!.headers.has('content-type')).toBe(false);
    expect(signatureOf(seen!, true)).toBe(true);
  });

  it('flags tampered payloads, network failures and timeouts', async () => {
    const sealed = fromBase64(await encryptData(keys.dataKeyHex, { a: 1 }));
    sealed[0]! ^= 1;
    const tampered = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: toBase64(sealed), hash: true })]);
    const res = await createCryptoApi({ keys, origin: ORIGIN, fetch: tampered.fetch }).request({ method: 'GET', url: API.config, token: '', ua: UA });
    expect(res).toMatchObject({ interceptError: true, networkError: false });
    expect(JSON.parse(res.body)).toEqual({ code: -1, tip: '服务器异常', data: null, hash: false });

    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect(await createCryptoApi({ keys, origin: ORIGIN, fetch: failing }).request({ method: 'GET', url: API.config, token: '', ua: UA })).toEqual({
      status: 0,
      body: '',
      interceptError: false,
      networkError: true,
    });

    const slow = await createCryptoApi({ keys, origin: ORIGIN, fetch: hangingFetch }).request({
      method: 'GET',
      url: API.config,
      token: '',
      ua: UA,
      timeoutMs: 30,
    });
    expect(slow.networkError).toBe(true);
  });

  it('returns unmasked images typed by their bytes, fetching each URL once', async () => {
    const server = scriptedFetch([() => maskedResponse(jpegBytes())]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch });
    const [first, second] = await Promise.all([api.image('/media/img/a.jpg'), api.image(`${ORIGIN}/media/img/a.jpg`)]);
    expect(first!.type).toBe('image/jpeg');
    expect(new Uint8Array(await first!.arrayBuffer())).toEqual(jpegBytes());
    expect(second).toBe(first);
    expect(await api.image('/media/img/a.jpg')).toBe(first);
    expect(server.calls).toHaveLength(1);
  });

  it('registers an image as a blob URL that serves its unmasked bytes until revoked', async () => {
    const server = scriptedFetch([() => maskedResponse(jpegBytes())]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch });
    const blobUrl = await api.imageUrl('/media/img/a.jpg');
    expect(blobUrl).toMatch(/^blob:/);
    const { resolveObjectURL } = await import('node:buffer');
    const blob = resolveObjectURL(blobUrl)!;
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(jpegBytes());
    // A second URL for the same image comes from the cache, not the network.
    expect(await api.imageUrl('/media/img/a.jpg')).not.toBe(blobUrl);
    expect(server.calls).toHaveLength(1);
    api.revokeImageUrl(blobUrl);
    expect(resolveObjectURL(blobUrl)).toBeUndefined();
  });

  it('keeps the image cache within its byte bound', async () => {
    const server = scriptedFetch([() => maskedResponse(pngBytes(400))]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch, imageCacheBytes: 1000 });
    for (const name of ['a', 'b', 'c']) await api.image(`/media/img/${name}.png`);
    expect(api.imageCacheBytes()).toBe(800);
    await api.image('/media/img/a.png');
    expect(server.calls).toHaveLength(4);
  });

  it('rejects images it cannot produce', async () => {
    const server = scriptedFetch([() => new Response(null, { status: 404 })]);
    await expect(createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch }).image('/media/img/x.png')).rejects.toThrow('HTTP 404');
  });

  it('unmasks bytes the page fetched already without asking the network, and serves them from its cache afterwards', async () => {
    const server = scriptedFetch([() => maskedResponse(pngBytes())]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch });
    const masked = await maskedResponse(jpegBytes()).arrayBuffer();
    const blobUrl = await api.imageUrl('/media/img/posters/1.png?w=750', masked);
    const { resolveObjectURL } = await import('node:buffer');
    expect(new Uint8Array(await resolveObjectURL(blobUrl)!.arrayBuffer())).toEqual(jpegBytes());
    expect((await api.image(`${ORIGIN}/media/img/posters/1.png?w=750`)).type).toBe('image/jpeg');
    expect(server.calls).toHaveLength(0);
  });

  it("answers index.html's boot poster message with a blob URL, or without one when the image cannot be had", async () => {
    // Comlink's own messages and the worker's answers are not boot poster requests.
    expect(bootPosterAsked({ id: 'x', type: 'APPLY', path: ['imageUrl'] })).toBeNull();
    expect(bootPosterAsked({ mdBootPoster: '/p.png', blobUrl: 'blob:x' })).toBeNull();
    expect(bootPosterAsked({ mdBootPoster: '' })).toBeNull();
    expect(bootPosterAsked(null)).toBeNull();
    const masked = await maskedResponse(jpegBytes()).arrayBuffer();
    expect(bootPosterAsked({ mdBootPoster: '/p.png', masked })).toEqual({ url: '/p.png', masked });
    expect(bootPosterAsked({ mdBootPoster: '/p.png', masked: 'not bytes' })).toEqual({ url: '/p.png', masked: null });

    // Without bytes the worker fetches the image itself.
    const server = scriptedFetch([() => maskedResponse(pngBytes()), () => new Response(null, { status: 404 })]);
    const api = createCryptoApi({ keys, origin: ORIGIN, fetch: server.fetch });
    const posted: BootPosterMessage[] = [];
    await answerBootPoster(api, { url: '/media/img/p.png', masked: null }, (message) => posted.push(message));
    expect(posted[0]).toEqual({ mdBootPoster: '/media/img/p.png', blobUrl: expect.stringMatching(/^blob:/) });
    await answerBootPoster(api, { url: '/media/img/missing.png', masked: null }, (message) => posted.push(message));
    expect(posted[1]).toEqual({ mdBootPoster: '/media/img/missing.png' });
  });

  it('decrypts envelope data on request', async () => {
    const api = createCryptoApi({ keys, origin: ORIGIN });
    expect(await api.decrypt(await encryptData(keys.dataKeyHex, { big: [1, 2, 3] }))).toEqual({ big: [1, 2, 3] });
  });
});
