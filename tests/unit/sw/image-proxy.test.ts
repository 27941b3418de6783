import 'fake-indexeddb/auto';
import './worker-scope.ts';
import { describe, expect, it } from 'vitest';
import { ExpiringCache, IMAGE_CACHE_NAME } from '../../../sw/expiring-cache.ts';
import { createImageProxy } from '../../../sw/image-proxy.ts';
import { FakeCacheStorage, serviceWorkerCaches } from './fake-caches.ts';
import { jpegBytes, maskedResponse, pngBytes } from './fake-images.ts';
import { keys, scriptedFetch } from './fake-server.ts';

const URL_A = 'https://md.test/media/img/covers/a.png';

let caches = 0;

function setup(maxEntries = 300) {
  const storage = new FakeCacheStorage();
  // A fresh cache name per test: workbox keeps its timestamps in IndexedDB by cache name.
  const name = `${IMAGE_CACHE_NAME}-${++caches}`;
  const cache = new ExpiringCache(serviceWorkerCaches(storage), name, maxEntries);
  const pending: Promise<unknown>[] = [];
  const waitUntil = (work: Promise<unknown>) => pending.push(work);
  const settle = () => Promise.all(pending);
  return { storage, cache, name, waitUntil, settle };
}

describe('service worker image proxy', () => {
  it('answers with the unmasked bytes and their real content type', async () => {
    const { cache, waitUntil } = setup();
    const server = scriptedFetch([() => maskedResponse(jpegBytes())]);
    const response = await createImageProxy(keys.imageKey, cache, server.fetch).respond(new Request(URL_A), waitUntil);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpegBytes());
  });

  it('serves later requests from the md-images cache without the network', async () => {
    const { storage, cache, name, waitUntil, settle } = setup();
    const server = scriptedFetch([() => maskedResponse(pngBytes())]);
    const proxy = createImageProxy(keys.imageKey, cache, server.fetch);
    await proxy.respond(new Request(URL_A), waitUntil);
    await settle();
    expect(storage.caches.get(name)?.entries.size).toBe(1);

    const again = await proxy.respond(new Request(URL_A), waitUntil);
    expect(server.calls).toHaveLength(1);
    expect(again.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(pngBytes());
  });

  it('downloads an image once for requests that arrive together', async () => {
    const { cache, waitUntil } = setup();
    const server = scriptedFetch([() => maskedResponse(pngBytes())]);
    const proxy = createImageProxy(keys.imageKey, cache, server.fetch);
    const responses = await Promise.all([1, 2, 3].map(() => proxy.respond(new Request(URL_A), waitUntil)));
    expect(server.calls).toHaveLength(1);
    for (const response of responses) expect(new Uint8Array(await response.arrayBuffer())).toEqual(pngBytes());
  });

  it('passes HTTP errors on, and answers a network error when offline', async () => {
    const { cache, waitUntil } = setup();
    const notFound = scriptedFetch([() => new Response(null, { status: 404 })]);
    expect((await createImageProxy(keys.imageKey, cache, notFound.fetch).respond(new Request(URL_A), waitUntil)).status).toBe(404);
    const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect((await createImageProxy(keys.imageKey, cache, failing).respond(new Request(URL_A), waitUntil)).type).toBe('error');
  });

  it('keeps the cache within its entry bound, dropping the oldest first', async () => {
    const { storage, cache, name, waitUntil, settle } = setup(3);
    const server = scriptedFetch([(call) => maskedResponse(pngBytes(200, call.url.length))]);
    const proxy = createImageProxy(keys.imageKey, cache, server.fetch);
    const urls = [1, 2, 3, 4, 5].map((n) => `https://md.test/media/img/${n}.png`);
    for (const url of urls) {
      await proxy.respond(new Request(url), waitUntil);
      await settle();
      // Timestamps are in milliseconds: one apart so that "oldest" is well defined.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // A write that lands during an expiry pass asks for another pass, which runs after it.
    await expect.poll(() => [...storage.caches.get(name)!.entries.keys()].sort()).toEqual(urls.slice(2));
  });

  it('keeps the bound under a burst of simultaneous writes', async () => {
    const { storage, cache, name, waitUntil, settle } = setup(3);
    const server = scriptedFetch([(call) => maskedResponse(pngBytes(200, call.url.length))]);
    const proxy = createImageProxy(keys.imageKey, cache, server.fetch);
    const urls = Array.from({ length: 12 }, (_, n) => `https://md.test/media/img/burst-${n}.png`);
    await Promise.all(urls.map((url) => proxy.respond(new Request(url), waitUntil)));
    await settle();
    await expect.poll(() => storage.caches.get(name)!.entries.size).toBeLessThanOrEqual(3);
  });
});
