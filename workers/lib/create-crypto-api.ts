import { decryptData } from '../../protocol/cipher.ts';
import type { ProtocolKeys } from '../../protocol/keys.ts';
import { createApiPipeline, INTERCEPT_ERROR_BODY } from '../../sw/shared/api-pipeline.ts';
import { fetchImage } from '../../sw/shared/image-pipeline.ts';
import type { CryptoWorkerApi, UploadPart, WorkerRequest, WorkerResponse } from '../crypto-api.ts';
import { ByteLru } from './byte-lru.ts';

export const IMAGE_CACHE_BYTES = 30 * 1024 * 1024;

export interface CryptoApiOptions {
  keys: ProtocolKeys;
  /** Resolves same-origin paths such as /api/app/video/list. */
  origin: string;
  fetch?: typeof fetch;
  now?: () => number;
  imageCacheBytes?: number;
}

export interface CryptoApi extends CryptoWorkerApi {
  /** The unmasked image itself, cached and fetched once per URL (what imageUrl registers). */
  image(url: string, masked?: ArrayBuffer): Promise<Blob>;
  /** Bytes held by the unmasked-image cache; for tests and diagnostics. */
  imageCacheBytes(): number;
}

/** The crypto worker's behaviour, apart from the Comlink wiring so tests can call it directly. */
export function createCryptoApi(options: CryptoApiOptions): CryptoApi {
  const { keys, origin } = options;
  const pipeline = createApiPipeline({ keys, fetch: options.fetch, now: options.now });
  const images = new ByteLru<Blob>(options.imageCacheBytes ?? IMAGE_CACHE_BYTES, (blob) => blob.size);
  // Lists show the same cover several times; one fetch serves every card asking at once.
  const inFlight = new Map<string, Promise<Blob>>();
  const encoder = new TextEncoder();

  async function loadImage(url: string, masked?: ArrayBuffer): Promise<Blob> {
    // Bytes the page fetched already (the boot poster) are unmasked as if they had been fetched here.
    const fetchBytes = masked ? () => Promise.resolve(new Response(masked)) : options.fetch;
    const outcome = await fetchImage(url, { imageKey: keys.imageKey, fetch: fetchBytes });
    switch (outcome.kind) {
      case 'image': {
        const blob = new Blob([outcome.bytes as BlobPart], { type: outcome.type });
        images.set(url, blob);
        return blob;
      }
      case 'http-error':
        throw new Error(`image request failed with HTTP ${outcome.status}`);
      case 'not-image':
        throw new Error('image bytes are not a known image type');
      case 'network-error':
        throw new Error(outcome.timedOut ? 'image request timed out' : 'image request failed');
    }
  }

  function image(url: string, masked?: ArrayBuffer): Promise<Blob> {
    const absolute = new URL(url, origin).href;
    const cached = images.get(absolute);
    if (cached) return Promise.resolve(cached);
    let pending = inFlight.get(absolute);
    if (!pending) {
      pending = loadImage(absolute, masked).finally(() => inFlight.delete(absolute));
      inFlight.set(absolute, pending);
    }
    return pending;
  }

  return {
    async request(req: WorkerRequest): Promise<WorkerResponse> {
      const multipart = req.parts !== undefined;
      const outcome = await pipeline.send({
        method: req.method,
        url: new URL(req.url, origin).href,
        token: req.token,
        ua: req.ua,
        body: multipart ? formOf(req.parts!) : req.body !== undefined ? encoder.encode(req.body) : null,
        contentType: multipart || req.body === undefined ? null : 'application/json',
        multipart,
        timeoutMs: req.timeoutMs,
      });
      switch (outcome.kind) {
        case 'response':
          return { status: outcome.status, body: outcome.body, interceptError: false, networkError: false };
        case 'intercept-error':
          return { status: 200, body: INTERCEPT_ERROR_BODY, interceptError: true, networkError: false };
        case 'network-error':
          return { status: 0, body: '', interceptError: false, networkError: true };
      }
    },

    image,

    async imageUrl(url: string, masked?: ArrayBuffer): Promise<string> {
      return URL.createObjectURL(await image(url, masked));
    },

    revokeImageUrl(blobUrl: string): void {
      URL.revokeObjectURL(blobUrl);
    },

    decrypt(data: string): Promise<unknown> {
      return decryptData(keys.dataKeyHex, data);
    },

    imageCacheBytes: () => images.bytes,
  };
}

/** The multipart body of an upload, built here from the files the page handed over. */
function formOf(parts: UploadPart[]): FormData {
  const form = new FormData();
  for (const part of parts) form.append(part.field, part.blob, part.filename);
  return form;
}
