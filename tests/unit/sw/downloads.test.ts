import 'fake-indexeddb/auto';
import './worker-scope.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_CACHE_NAME, DOWNLOADS_CHANGED, folderOf, listenForDownloadChanges, SavedMedia, type DownloadsMessageScope } from '../../../sw/downloads.ts';
import { ExpiringCache, IMAGE_CACHE_NAME } from '../../../sw/expiring-cache.ts';
import { listenForFetches, type FetchScope } from '../../../sw/fetch-router.ts';
import { ImageBases } from '../../../sw/image-bases.ts';
import { createImageProxy, type ImageProxy } from '../../../sw/image-proxy.ts';
import { createApiPipeline } from '../../../sw/shared/api-pipeline.ts';
import { FakeCacheStorage, serviceWorkerCaches } from './fake-caches.ts';
import { maskedResponse, pngBytes } from './fake-images.ts';
import { keys, scriptedFetch } from './fake-server.ts';

const ORIGIN = 'https://md.test';
const CLIP = `${ORIGIN}/media/video/clip-1/`;

async function storageWithSaved(urls: Record<string, string>): Promise<FakeCacheStorage> {
  const storage = new FakeCacheStorage();
  const cache = await storage.open(DOWNLOAD_CACHE_NAME);
  for (const [url, body] of Object.entries(urls)) await cache.put(url, new Response(body));
  return storage;
}

function dispatchFetch(target: EventTarget, request: Request): Promise<Response>[] {
  const answers: Promise<Response>[] = [];
  target.dispatchEvent(Object.assign(new Event('fetch'), { request, respondWith: (r: Promise<Response>) => answers.push(r), waitUntil: () => undefined }));
  return answers;
}

afterEach(() => vi.unstubAllGlobals());

describe('saved videos in the service worker', () => {
  it('a URL folder is everything up to the last slash, without the query', () => {
    expect(folderOf(`${CLIP}chunk-1-00001.m4s?x=1`)).toBe(CLIP);
    expect(folderOf(`${CLIP}`)).toBe(CLIP);
  });

  it('knows the folders with saved files, and reads them again when the page says they changed', async () => {
    const storage = new FakeCacheStorage();
    const saved = new SavedMedia(storage.asCacheStorage());
    await saved.ready;
    expect(saved.isLoaded).toBe(true);
    expect(saved.has(new URL(`${CLIP}manifest.mpd`))).toBe(false);
    // Reading the folders does not create the Cache.
    expect(await storage.has(DOWNLOAD_CACHE_NAME)).toBe(false);

    await (await storage.open(DOWNLOAD_CACHE_NAME)).put(`${CLIP}init-1.m4s`, new Response('init'));
    const scope = new EventTarget();
    listenForDownloadChanges(scope as unknown as DownloadsMessageScope, saved);
    const waits: Promise<unknown>[] = [];
    scope.dispatchEvent(Object.assign(new Event('message'), { data: { type: DOWNLOADS_CHANGED }, waitUntil: (p: Promise<unknown>) => waits.push(p) }));
    await Promise.all(waits);
    expect(saved.has(new URL(`${CLIP}manifest.mpd`))).toBe(true);
    expect(saved.has(new URL(`${ORIGIN}/media/video/clip-2/manifest.mpd`))).toBe(false);
  });

  it('answers a saved folder from the device, online or not, and its missing files from the network', async () => {
    const storage = await storageWithSaved({ [`${CLIP}manifest.mpd`]: '<MPD saved/>', [`${CLIP}chunk-1-00001.m4s`]: 'segment' });
    const saved = new SavedMedia(storage.asCacheStorage());
    await saved.ready;
    const network = vi.fn(async () => new Response('from network'));
    vi.stubGlobal('fetch', network);

    const target = new EventTarget();
    const bases = new ImageBases(ORIGIN, new FakeCacheStorage().asCacheStorage());
    await bases.ready;
    const images: ImageProxy = { respond: vi.fn(async () => new Response('img')) };
    listenForFetches(target as unknown as FetchScope, {
      origin: ORIGIN,
      pipeline: createApiPipeline({ keys, fetch: scriptedFetch([]).fetch }),
      bases,
      images,
      saved,
    });

    const [manifest] = dispatchFetch(target, new Request(`${CLIP}manifest.mpd`));
    expect(await (await manifest!).text()).toBe('<MPD saved/>');
    const [segment] = dispatchFetch(target, new Request(`${CLIP}chunk-1-00001.m4s`));
    expect(await (await segment!).text()).toBe('segment');
    expect(network).not.toHaveBeenCalled();
    const [other] = dispatchFetch(target, new Request(`${CLIP}chunk-2-00001.m4s`));
    expect(await (await other!).text()).toBe('from network');
    // A stream nobody saved is left to the browser, as before.
    expect(dispatchFetch(target, new Request(`${ORIGIN}/media/video/clip-2/manifest.mpd`))).toEqual([]);
  });

  it('just after a restart, a stream request waits for the saved folders before it is decided', async () => {
    const storage = await storageWithSaved({ [`${CLIP}manifest.mpd`]: '<MPD saved/>' });
    const saved = new SavedMedia(storage.asCacheStorage());
    expect(saved.isLoaded).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('from network')),
    );
    const target = new EventTarget();
    const bases = new ImageBases(ORIGIN, new FakeCacheStorage().asCacheStorage());
    await bases.ready;
    listenForFetches(target as unknown as FetchScope, {
      origin: ORIGIN,
      pipeline: createApiPipeline({ keys, fetch: scriptedFetch([]).fetch }),
      bases,
      images: { respond: vi.fn() },
      saved,
    });
    const [saved1] = dispatchFetch(target, new Request(`${CLIP}manifest.mpd`));
    const [other] = dispatchFetch(target, new Request(`${ORIGIN}/media/video/clip-2/manifest.mpd`));
    expect(await (await saved1!).text()).toBe('<MPD saved/>');
    expect(await (await other!).text()).toBe('from network');
  });
});

let names = 0;

describe('images with downloads and offline', () => {
  it('a saved image comes first; offline, the same picture in another width beats an error', async () => {
    const storage = new FakeCacheStorage();
    const cache = new ExpiringCache(serviceWorkerCaches(storage), `${IMAGE_CACHE_NAME}-dl-${++names}`);
    const saved = new SavedMedia(storage.asCacheStorage());
    const poster = `${ORIGIN}/media/img/posters/1001.png`;
    await (await storage.open(DOWNLOAD_CACHE_NAME)).put(poster, new Response('saved poster', { headers: { 'content-type': 'image/webp' } }));
    const offline = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    const proxy = createImageProxy(keys.imageKey, cache, offline, saved);
    expect(await (await proxy.respond(new Request(poster), () => undefined)).text()).toBe('saved poster');
    expect(await (await proxy.respond(new Request(`${poster}?w=640`), () => undefined)).text()).toBe('saved poster');

    // Not saved, but cached in one width: offline, another width gets that one.
    const online = scriptedFetch([() => maskedResponse(pngBytes(64))]);
    const cover = `${ORIGIN}/media/img/covers/7.png`;
    const pending: Promise<unknown>[] = [];
    await createImageProxy(keys.imageKey, cache, online.fetch, saved).respond(new Request(`${cover}?w=320`), (p) => pending.push(p));
    await Promise.all(pending);
    const other = await proxy.respond(new Request(`${cover}?w=640`), () => undefined);
    expect(other.status).toBe(200);
    expect(new Uint8Array(await other.arrayBuffer())).toEqual(pngBytes(64));
    expect((await proxy.respond(new Request(`${ORIGIN}/media/img/covers/never.png`), () => undefined)).type).toBe('error');
  });

  it('a hit re-stamps its image, so the bound evicts the least recently used first', async () => {
    const storage = new FakeCacheStorage();
    const name = `${IMAGE_CACHE_NAME}-lru-${++names}`;
    const cache = new ExpiringCache(serviceWorkerCaches(storage), name, 2);
    const server = scriptedFetch([(call) => maskedResponse(pngBytes(100, call.url.length))]);
    const proxy = createImageProxy(keys.imageKey, cache, server.fetch);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => `${ORIGIN}/media/img/lru-${n}.png`);
    const pending: Promise<unknown>[] = [];
    const step = async (url: string) => {
      await proxy.respond(new Request(url), (p) => pending.push(p));
      await Promise.all(pending);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await step(a!);
    await step(b!);
    await step(a!); // a hit: a is now the most recently used
    await new Promise((resolve) => setTimeout(resolve, 20));
    await step(c!);
    await expect.poll(() => [...storage.caches.get(name)!.entries.keys()].sort()).toEqual([a, c]);
  });
});
