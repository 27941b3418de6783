import { encryptData } from '../../../protocol/cipher.ts';
import { keysFrom } from '../../../protocol/keys.ts';
import { verify, bodyHashOf } from '../../../protocol/signing.ts';

export const keys = keysFrom({});

export interface SeenCall {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array | FormData | null;
}

/** A fetch double that records what it was sent and answers from a script of responses. */
export function scriptedFetch(answers: Array<(call: SeenCall) => Response | Promise<Response>>) {
  const calls: SeenCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = init?.body ?? null;
    const call: SeenCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: body instanceof FormData ? body : body === null ? null : new Uint8Array(body as Uint8Array),
    };
    calls.push(call);
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (!answer) throw new Error('no scripted answer');
    return answer(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export function envelopeResponse(envelope: unknown, status = 200, serverTime = Date.now()): Response {
  return new Response(JSON.stringify(envelope), {
    status,
    headers: { 'content-type': 'application/json', 'x-server-time': String(serverTime) },
  });
}

export async function sealedResponse(data: unknown): Promise<Response> {
  return envelopeResponse({ code: 200, tip: 'success', data: await encryptData(keys.dataKeyHex, data), hash: true });
}

/** Checks a recorded call the way the server does. */
export function signatureOf(call: SeenCall, multipart = false): boolean {
  const url = new URL(call.url);
  const bytes = call.body instanceof Uint8Array ? call.body : null;
  const auth = call.headers.get('authorization');
  return verify(
    keys.signingKey,
    {
      method: call.method,
      pathWithQuery: url.pathname + url.search,
      token: auth ? auth.replace(/^Bearer /, '') : '',
      ua: call.headers.get('x-ua') ?? '',
      timestamp: call.headers.get('x-timestamp') ?? '',
      nonce: call.headers.get('x-nonce') ?? '',
      bodyHash: bodyHashOf(bytes, multipart),
    },
    call.headers.get('x-api-key') ?? '',
  );
}

/** A fetch that only settles when its signal aborts, like a server that never answers. */
export const hangingFetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
  })) as typeof globalThis.fetch;
