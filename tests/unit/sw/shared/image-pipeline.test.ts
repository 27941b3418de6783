import { describe, expect, it } from 'vitest';
import { fetchImage } from '../../../../sw/shared/image-pipeline.ts';
import { jpegBytes, maskedResponse, pngBytes } from '../fake-images.ts';
import { hangingFetch, keys, scriptedFetch } from '../fake-server.ts';

describe('image pipeline', () => {
  it('unmasks to the original bytes and detects the type', async () => {
    for (const [original, type] of [
      [pngBytes(), 'image/png'],
      [jpegBytes(), 'image/jpeg'],
      [pngBytes(40), 'image/png'],
    ] as const) {
      const server = scriptedFetch([() => maskedResponse(original)]);
      const outcome = await fetchImage('https://md.test/media/img/a', { imageKey: keys.imageKey, fetch: server.fetch });
      expect(outcome).toEqual({ kind: 'image', bytes: original, type });
    }
  });

  it('sends a plain unsigned GET', async () => {
    const server = scriptedFetch([() => maskedResponse(pngBytes())]);
    await fetchImage('https://md.test/media/img/a', { imageKey: keys.imageKey, fetch: server.fetch });
    expect(server.calls[0]!.method).toBe('GET');
    expect(server.calls[0]!.headers.has('x-api-key')).toBe(false);
  });

  it('reports HTTP errors, unknown bytes, network failures and timeouts', async () => {
    const notFound = scriptedFetch([() => new Response('nope', { status: 404 })]);
    expect(await fetchImage('https://md.test/x', { imageKey: keys.imageKey, fetch: notFound.fetch })).toEqual({ kind: 'http-error', status: 404 });

    const unmaskedPng = scriptedFetch([() => new Response(pngBytes() as Uint8Array<ArrayBuffer>)]);
    expect(await fetchImage('https://md.test/x', { imageKey: keys.imageKey, fetch: unmaskedPng.fetch })).toEqual({ kind: 'not-image' });

    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect(await fetchImage('https://md.test/x', { imageKey: keys.imageKey, fetch: failing })).toEqual({ kind: 'network-error', timedOut: false });

    expect(await fetchImage('https://md.test/x', { imageKey: keys.imageKey, fetch: hangingFetch, timeoutMs: 30 })).toEqual({
      kind: 'network-error',
      timedOut: true,
    });
  });
});
