/**
 * The contract of the crypto worker (workers/crypto.worker.ts), used by the page when no service
 * worker controls it. It does what the service worker does for a controlled page: signs /api
 * calls, decrypts `hash` payloads, retries once on 1003, and fetches and unmasks images.
 */
export interface WorkerRequest {
  method: 'GET' | 'POST';
  /** Absolute URL or same-origin path with query, e.g. /api/app/video/list */
  url: string;
  /** JSON text for POST bodies. */
  body?: string;
  /** Multipart uploads: the files, as a FormData cannot cross to a worker (it is not structured-clonable). */
  parts?: UploadPart[];
  /** Bare token, or empty. */
  token: string;
  /** The x-ua descriptor built by the page (it knows the window width). */
  ua: string;
  timeoutMs?: number;
}

/** One `file` field of a multipart upload. */
export interface UploadPart {
  field: string;
  blob: Blob;
  filename: string;
}

export interface WorkerResponse {
  status: number;
  /** Envelope JSON text with `data` already decrypted and `hash` false; '' when the server sent no body. */
  body: string;
  /** True when the worker itself failed (tampered ciphertext, signing failure): show 服务器异常. */
  interceptError: boolean;
  /** True when no response arrived (network down, timeout). */
  networkError: boolean;
}

export interface CryptoWorkerApi {
  request(req: WorkerRequest): Promise<WorkerResponse>;
  /**
   * Fetches a masked image, unmasks it (typed by its magic bytes) and returns it as a blob URL the
   * worker registers: registering one is a synchronous round trip
   * to the browser process, which is better spent here than on the page's main thread. The URL
   * stays valid for the worker's life, until revokeImageUrl. `masked`: the image's masked bytes,
   * already fetched (the boot poster), unless they are in the worker's cache already.
   */
  imageUrl(url: string, masked?: ArrayBuffer): Promise<string>;
  /** Releases a blob URL imageUrl made. */
  revokeImageUrl(blobUrl: string): void;
  /** Decrypts an envelope `data` string (heavy payloads). */
  decrypt(data: string): Promise<unknown>;
}

/** Header the service worker sets on responses it had to synthesise because its own work failed. */
export const INTERCEPT_ERROR_HEADER = 'x-md-intercept-error';

/**
 * index.html's first script (scripts/boot-poster.ts) asks the worker for a video page's poster
 * before the app's code has arrived, with a plain message beside Comlink's (which ignores it): the
 * image's address in `mdBootPoster`, with its masked bytes when the page could fetch them (else the
 * worker fetches them). The answer names the same address, with the blob URL of the unmasked image,
 * or without one when it could not be had.
 */
export interface BootPosterMessage {
  mdBootPoster: string;
  masked?: ArrayBuffer;
  blobUrl?: string;
}

/** What a boot poster message asks for, or null for any other message (Comlink's, an answer). */
export function bootPosterAsked(data: unknown): { url: string; masked: ArrayBuffer | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { mdBootPoster: url, masked, blobUrl } = data as Partial<BootPosterMessage>;
  if (typeof url !== 'string' || url === '' || blobUrl !== undefined) return null;
  return { url, masked: masked instanceof ArrayBuffer ? masked : null };
}

/** Answers a boot poster message with the image's blob URL, or without one when it failed. */
export async function answerBootPoster(
  api: Pick<CryptoWorkerApi, 'imageUrl'>,
  asked: { url: string; masked: ArrayBuffer | null },
  post: (message: BootPosterMessage) => void,
): Promise<void> {
  try {
    post({ mdBootPoster: asked.url, blobUrl: await api.imageUrl(asked.url, asked.masked ?? undefined) });
  } catch {
    post({ mdBootPoster: asked.url });
  }
}
