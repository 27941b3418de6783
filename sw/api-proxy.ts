import { API } from '../protocol/api.ts';
import { INTERCEPT_ERROR_HEADER } from '../workers/crypto-api.ts';
import { keepsOfflineCopy, offlineKey, type OfflineCopies } from './api-offline.ts';
import { INTERCEPT_ERROR_BODY, SERVER_TIME_HEADER, type ApiPipeline } from './shared/api-pipeline.ts';

const BEARER = /^Bearer\s+(.+)$/i;

/** True for the calls this worker signs: same-origin /api/ paths. */
export function isApiRequest(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/api/');
}

/**
 * Signs, forwards and decrypts one page request to /api/. The page sends a plain fetch with its
 * JSON (or multipart) body, `Authorization` and `x-ua`; it gets back the same status and
 * x-server-time with the envelope decrypted. `onConfig` sees the decrypted ping/config envelope.
 * With `offline`, successful read-only answers are kept and served again when the network is gone.
 */
export async function proxyApiRequest(
  request: Request,
  pipeline: ApiPipeline,
  onConfig: (envelopeText: string) => void,
  offline?: { copies: OfflineCopies; waitUntil: (work: Promise<unknown>) => void },
): Promise<Response> {
  const contentType = request.headers.get('content-type');
  const multipart = contentType?.toLowerCase().startsWith('multipart/form-data') ?? false;
  let body: Uint8Array | null = null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // Read once and forward these very bytes, so the hash signs exactly what the server receives.
    try {
      body = new Uint8Array(await request.arrayBuffer());
    } catch {
      return interceptErrorResponse();
    }
  }

  const url = new URL(request.url);
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  const copyKey = offline && !multipart && keepsOfflineCopy(url.pathname) ? offlineKey(url, token, body) : null;
  const generation = offline?.copies.generation() ?? 0;
  const outcome = await pipeline.send({
    method: request.method,
    url: url.href,
    token,
    ua: request.headers.get('x-ua') ?? '',
    body,
    contentType,
    multipart,
    signal: request.signal,
  });

  switch (outcome.kind) {
    case 'network-error': {
      const copy = copyKey ? await offline!.copies.load(await copyKey).catch(() => undefined) : undefined;
      return copy ?? Response.error();
    }
    case 'intercept-error':
      return interceptErrorResponse();
    case 'response': {
      if (url.pathname === API.config && outcome.code === 200) onConfig(outcome.body);
      if (copyKey && outcome.code === 200 && outcome.status === 200) {
        offline!.waitUntil(copyKey.then((key) => offline!.copies.save(key, outcome.body, generation)).catch(() => undefined));
      }
      const headers = new Headers({
        'content-type': outcome.code === null ? (outcome.contentType ?? 'text/plain') : 'application/json; charset=utf-8',
      });
      if (outcome.serverTime !== null) headers.set(SERVER_TIME_HEADER, outcome.serverTime);
      // 204 and 304 must not carry a body, even an empty one.
      const nullBody = outcome.status === 204 || outcome.status === 304;
      return new Response(nullBody ? null : outcome.body, { status: outcome.status, headers });
    }
  }
}

function interceptErrorResponse(): Response {
  return new Response(INTERCEPT_ERROR_BODY, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', [INTERCEPT_ERROR_HEADER]: '1' },
  });
}
