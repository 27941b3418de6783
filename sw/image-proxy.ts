import { fetchImage, type ImageOutcome } from './shared/image-pipeline.ts';
import type { ExpiringCache } from './expiring-cache.ts';

export interface ImageProxy {
  /** Answers an image GET: cached unmasked bytes first, else fetch, unmask and cache. */
  respond(request: Request, waitUntil: (work: Promise<unknown>) => void): Promise<Response>;
}

/** Images kept apart from the bounded cache: those saved with a download. */
export interface SavedImages {
  match(url: string): Promise<Response | undefined>;
  matchAnyWidth(url: string): Promise<Response | undefined>;
}

export function createImageProxy(imageKey: string, cache: ExpiringCache, doFetch?: typeof fetch, saved?: SavedImages): ImageProxy {
  // Lists show the same cover on several cards; one download serves every request in flight.
  const inFlight = new Map<string, Promise<ImageOutcome>>();

  // Not tied to request.signal: one page abandoning an image must not cancel it for the others.
  function load(url: string): Promise<ImageOutcome> {
    let pending = inFlight.get(url);
    if (!pending) {
      pending = fetchImage(url, { imageKey, fetch: doFetch }).finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  }

  return {
    async respond(request, waitUntil) {
      const url = request.url;
      const cached = (await saved?.match(url).catch(() => undefined)) ?? (await cache.match(url).catch(() => undefined));
      if (cached) return cached;

      const outcome = await load(url);
      switch (outcome.kind) {
        case 'image': {
          const init = { headers: { 'content-type': outcome.type, 'content-length': String(outcome.bytes.length) } };
          // Every waiter gets its own Response over the same read-only bytes.
          const body = outcome.bytes as Uint8Array<ArrayBuffer>;
          waitUntil(cache.put(url, new Response(body, init)).catch(() => undefined));
          return new Response(body, init);
        }
        case 'http-error':
          return new Response(null, { status: outcome.status });
        case 'not-image':
          return new Response(null, { status: 415 });
        case 'network-error': {
          // Offline: the same picture in another width, from a download or from the cache, beats none.
          const other = (await saved?.matchAnyWidth(url).catch(() => undefined)) ?? (await cache.matchAnyWidth(url).catch(() => undefined));
          return other ?? Response.error();
        }
      }
    },
  };
}
