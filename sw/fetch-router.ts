import { isApiRequest, proxyApiRequest } from './api-proxy.ts';
import type { OfflineCopies } from './api-offline.ts';
import type { SavedMedia } from './downloads.ts';
import type { ImageBases } from './image-bases.ts';
import type { ImageProxy } from './image-proxy.ts';
import type { ApiPipeline } from './shared/api-pipeline.ts';

/** The parts of FetchEvent used here, typed locally so Node-side tests type-check without the WebWorker lib. */
export interface FetchEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
  waitUntil(work: Promise<unknown>): void;
}

export interface FetchScope {
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}

export interface FetchRouterDeps {
  origin: string;
  pipeline: ApiPipeline;
  bases: ImageBases;
  images: ImageProxy;
  /** Last good answers of read-only calls, served when the network is gone. */
  offline?: OfflineCopies;
  /** Videos saved for offline play, answered from the device first. */
  saved?: SavedMedia;
}

/**
 * Picks the requests this worker rewrites: /api/ calls and image GETs. Everything else (video
 * segments, Range requests, tus uploads under /upload/, the app shell) is left to the browser and
 * to workbox's routes.
 * Must be registered before workbox's listeners so it answers first.
 */
export function listenForFetches(sw: FetchScope, deps: FetchRouterDeps): void {
  sw.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.headers.has('range')) return;
    const url = new URL(request.url);
    const saved = deps.saved;
    if (saved && request.method === 'GET' && !deps.bases.matches(url)) {
      if (saved.isLoaded) {
        if (saved.has(url)) {
          event.respondWith(saved.respond(request));
          return;
        }
      } else if (url.pathname.startsWith('/media/video/')) {
        // Just after a restart: whether this stream is saved is known once the folders are read.
        event.respondWith(saved.ready.then(() => (saved.has(url) ? saved.respond(request) : fetch(request))));
        return;
      }
    }
    if (url.pathname.startsWith('/media/video/') && url.origin === deps.origin) return;
    // Resumable uploads (tus, works): network only, never signed, read or cached here.
    if (url.pathname.startsWith('/upload/') && url.origin === deps.origin) return;

    if (isApiRequest(url, deps.origin)) {
      const waitUntil = (work: Promise<unknown>) => event.waitUntil(work);
      event.respondWith(
        proxyApiRequest(
          request,
          deps.pipeline,
          (text) => waitUntil(deps.bases.learnFromConfig(text).catch(() => undefined)),
          deps.offline ? { copies: deps.offline, waitUntil } : undefined,
        ),
      );
      return;
    }

    if (request.method !== 'GET') return;
    const waitUntil = (work: Promise<unknown>) => event.waitUntil(work);
    if (deps.bases.matches(url)) {
      event.respondWith(deps.images.respond(request, waitUntil));
      return;
    }
    // Just after a restart the learned bases are still loading; a cross-origin GET may be an
    // image under one of them, and respondWith has to be decided now.
    if (!deps.bases.isLoaded && url.origin !== deps.origin) {
      event.respondWith(deps.bases.ready.then(() => (deps.bases.matches(url) ? deps.images.respond(request, waitUntil) : fetch(request))));
    }
  });
}
