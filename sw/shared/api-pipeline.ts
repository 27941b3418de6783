import { decryptBytes, CipherError } from '../../protocol/cipher.ts';
import { fromUtf8 } from '../../protocol/bytes.ts';
import { CODES } from '../../protocol/envelope.ts';
import type { ProtocolKeys } from '../../protocol/keys.ts';
import { MSG_INTERCEPTOR } from '../../protocol/messages.ts';
import { signedHeaders } from '../../protocol/signing.ts';
import { decodeBase64 } from './base64.ts';
import { deadline, REQUEST_TIMEOUT_MS } from './deadline.ts';

// The one request pipeline behind both the service worker and the crypto worker: sign, send,
// retry once on 1003 with the server's clock, decrypt `hash` payloads.

export const SERVER_TIME_HEADER = 'x-server-time';

/** Body of the response the page gets when the pipeline itself failed (SPEC §8 interceptor failure). */
export const INTERCEPT_ERROR_BODY = JSON.stringify({ code: -1, tip: MSG_INTERCEPTOR, data: null, hash: false });

export interface ApiCall {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Bare token, or empty. */
  token: string;
  ua: string;
  /** Exact body bytes to hash and send (JSON or multipart), a FormData to encode at send time, or null. */
  body: Uint8Array | FormData | null;
  /** Content type of `body`; for a FormData leave it out so fetch writes the boundary. */
  contentType?: string | null;
  multipart: boolean;
  timeoutMs?: number;
  /** Aborts the call when whoever asked for it has gone away. */
  signal?: AbortSignal | null;
}

export type ApiOutcome =
  | {
      kind: 'response';
      status: number;
      serverTime: string | null;
      /** The server's content type, for bodies that are not envelopes. */
      contentType: string | null;
      /** Envelope JSON with `hash` false, or the server's text unchanged when it is not an envelope. */
      body: string;
      /** Envelope code, or null when the body is not an envelope. */
      code: number | null;
    }
  | { kind: 'intercept-error'; reason: string }
  | { kind: 'network-error'; timedOut: boolean };

export interface ApiPipelineOptions {
  keys: ProtocolKeys;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ApiPipeline {
  send(call: ApiCall): Promise<ApiOutcome>;
  /** Milliseconds added to the local clock, learned from the last 1003 answer. */
  clockOffset(): number;
}

export function createApiPipeline(options: ApiPipelineOptions): ApiPipeline {
  const { keys } = options;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  let offset = 0;

  async function attempt(call: ApiCall): Promise<ApiOutcome> {
    const url = new URL(call.url);
    const bytes = call.body instanceof Uint8Array ? call.body : null;
    const headers = signedHeaders({
      appSecret: keys.appSecret,
      signingKey: keys.signingKey,
      method: call.method,
      pathWithQuery: url.pathname + url.search,
      token: call.token,
      ua: call.ua,
      now: now() + offset,
      body: bytes,
      multipart: call.multipart,
    });
    if (call.contentType) headers['content-type'] = call.contentType;

    const limit = deadline(call.timeoutMs ?? REQUEST_TIMEOUT_MS, call.signal);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url.href, {
        method: call.method.toUpperCase(),
        headers,
        body: call.body as BodyInit | null,
        signal: limit.signal,
      });
      text = await response.text();
    } catch {
      return { kind: 'network-error', timedOut: limit.timedOut() };
    } finally {
      limit.clear();
    }

    const opened = await openEnvelope(keys.dataKeyHex, text);
    return {
      kind: 'response',
      status: response.status,
      serverTime: response.headers.get(SERVER_TIME_HEADER),
      contentType: response.headers.get('content-type'),
      ...opened,
    };
  }

  async function sendWithRetry(call: ApiCall): Promise<ApiOutcome> {
    const first = await attempt(call);
    if (first.kind !== 'response' || first.code !== CODES.EXPIRED || first.serverTime === null) return first;
    const serverTime = Number(first.serverTime);
    if (!Number.isFinite(serverTime)) return first;
    offset = serverTime - now();
    return attempt(call);
  }

  return {
    clockOffset: () => offset,
    async send(call) {
      try {
        return await sendWithRetry(call);
      } catch (error) {
        // Tampered payloads (CipherError) and anything else that breaks here, such as a malformed
        // URL, are the pipeline's own failure: the page shows 服务器异常 and never sees the data.
        return { kind: 'intercept-error', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/**
 * Turns the server's body text into the envelope text the page reads: `data` decrypted, `hash`
 * false. Bodies that are not envelopes pass through unchanged (a proxy's error page, say): the page
 * handles them by HTTP status. Throws CipherError when a `hash` payload fails authentication.
 */
export async function openEnvelope(dataKeyHex: string, text: string): Promise<{ body: string; code: number | null }> {
  if (text === '') return { body: '', code: null };
  let envelope: { code?: unknown; tip?: unknown; data?: unknown; hash?: unknown };
  try {
    envelope = JSON.parse(text);
  } catch {
    return { body: text, code: null };
  }
  if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') return { body: text, code: null };
  if (envelope.hash !== true) return { body: text, code: envelope.code };
  if (typeof envelope.data !== 'string') throw new CipherError('hash payload is not a string');

  let sealed: Uint8Array;
  try {
    sealed = decodeBase64(envelope.data);
  } catch {
    throw new CipherError('data is not base64');
  }
  // The plaintext is authenticated UTF-8 JSON from the server, so it is spliced in as text:
  // parsing and re-stringifying the largest part of the response would triple its cost.
  const plaintext = fromUtf8(await decryptBytes(dataKeyHex, sealed));
  const tip = typeof envelope.tip === 'string' ? envelope.tip : '';
  return {
    body: `{"code":${envelope.code},"tip":${JSON.stringify(tip)},"data":${plaintext},"hash":false}`,
    code: envelope.code,
  };
}
