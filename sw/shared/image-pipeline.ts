import { detectImageType, maskInPlace, type ImageType } from '../../protocol/image-mask.ts';
import { deadline, REQUEST_TIMEOUT_MS } from './deadline.ts';

// Images are plain unsigned GETs of masked bytes (PROTOCOL.md, "Images"). Shared by the service
// worker and the crypto worker so both unmask and type them identically.

export type ImageOutcome =
  | { kind: 'image'; bytes: Uint8Array; type: ImageType }
  | { kind: 'http-error'; status: number }
  /** The unmasked bytes are not a PNG, JPEG, WebP, GIF or AVIF. */
  | { kind: 'not-image' }
  | { kind: 'network-error'; timedOut: boolean };

export interface ImageFetchOptions {
  imageKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal | null;
}

export async function fetchImage(url: string, options: ImageFetchOptions): Promise<ImageOutcome> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const limit = deadline(options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.signal);
  let bytes: Uint8Array;
  try {
    const response = await doFetch(url, { signal: limit.signal });
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'http-error', status: response.status };
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch {
    return { kind: 'network-error', timedOut: limit.timedOut() };
  } finally {
    limit.clear();
  }
  // The fetched buffer is ours alone, so it is unmasked where it lies instead of copied.
  maskInPlace(bytes, options.imageKey);
  const type = detectImageType(bytes);
  return type ? { kind: 'image', bytes, type } : { kind: 'not-image' };
}
