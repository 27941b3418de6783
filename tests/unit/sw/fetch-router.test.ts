import { describe, expect, it, vi } from 'vitest';
import { listenForFetches, type FetchScope } from '../../../sw/fetch-router.ts';
import { ImageBases } from '../../../sw/image-bases.ts';
import type { ImageProxy } from '../../../sw/image-proxy.ts';
import { listenForSkipWaiting, type UpdateScope } from '../../../sw/update.ts';
import { createApiPipeline } from '../../../sw/shared/api-pipeline.ts';
import { FakeCacheStorage } from './fake-caches.ts';
import { envelopeResponse, keys, scriptedFetch } from './fake-server.ts';

const ORIGIN = 'https://md.test';

/** Just enough of ServiceWorkerGlobalScope to dispatch fetch and message events. */
function fakeScope() {
  const target = new EventTarget();
  const skipWaiting = vi.fn(async () => undefined);
  return { scope: Object.assign(target, { skipWaiting }) as unknown as FetchScope & UpdateScope, target, skipWaiting };
}

function dispatchFetch(target: EventTarget, request: Request) {
  const answers: Promise<Response>[] = [];
  const event = Object.assign(new Event('fetch'), {
    request,
    respondWith: (r: Promise<Response>) => answers.push(r),
    waitUntil: () => undefined,
  });
  target.dispatchEvent(event);
  return answers;
}

async function setup() {
  const { scope, target } = fakeScope();
  const server = scriptedFetch([() => envelopeResponse({ code: 200, tip: 'success', data: null, hash: false })]);
  const bases = new ImageBases(ORIGIN, new FakeCacheStorage().asCacheStorage());
  await bases.ready;
  const images: ImageProxy = { respond: vi.fn(async () => new Response('img')) };
  listenForFetches(scope, { origin: ORIGIN, pipeline: createApiPipeline({ keys, fetch: server.fetch }), bases, images });
  return { target, server, images };
}

describe('fetch router', () => {
  it('answers /api/ calls of any method through the signing pipeline', async () => {
    const { target, server } = await setup();
    for (const method of ['GET', 'POST']) {
      const [answer] = dispatchFetch(target, new Request(`${ORIGIN}/api/app/user/info`, { method, body: method === 'POST' ? '{}' : null }));
      expect((await answer!).status).toBe(200);
    }
    expect(server.calls.map((c) => c.headers.has('x-api-key'))).toEqual([true, true]);
  });

  it('answers same-origin image GETs through the image proxy', async () => {
    const { target, images } = await setup();
    expect(dispatchFetch(target, new Request(`${ORIGIN}/media/img/covers/1.jpg`))).toHaveLength(1);
    expect(images.respond).toHaveBeenCalledOnce();
  });

  it('leaves video, Range requests, tus uploads, the app shell and foreign requests alone', async () => {
    const { target } = await setup();
    const untouched = [
      new Request(`${ORIGIN}/media/video/1/manifest.mpd`),
      new Request(`${ORIGIN}/media/video/1/seg-1.m4s`, { headers: { range: 'bytes=0-99' } }),
      new Request(`${ORIGIN}/media/img/covers/1.jpg`, { headers: { range: 'bytes=0-99' } }),
      new Request(`${ORIGIN}/assets/index.js`),
      new Request(`${ORIGIN}/upload/tus`, { method: 'POST', headers: { 'upload-length': '10' } }),
      new Request(`${ORIGIN}/upload/tus/abc`, { method: 'PATCH', body: 'x' }),
      new Request(`${ORIGIN}/upload/tus/abc`, { method: 'HEAD' }),
      new Request(`${ORIGIN}/videoDetails?id=1`),
      new Request('https://analytics.test/script.js'),
    ];
    for (const request of untouched) expect(dispatchFetch(target, request)).toHaveLength(0);
  });
});

describe('update flow', () => {
  it('activates a waiting worker only when the page asks', () => {
    const { scope, target, skipWaiting } = fakeScope();
    listenForSkipWaiting(scope);
    target.dispatchEvent(new MessageEvent('message', { data: { type: 'OTHER' } }));
    target.dispatchEvent(new MessageEvent('message', { data: null }));
    expect(skipWaiting).not.toHaveBeenCalled();
    target.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    expect(skipWaiting).toHaveBeenCalledOnce();
  });
});
