import { INTERCEPT_ERROR_HEADER, type UploadPart } from '../../workers/crypto-api.ts';
import { CODES, type Envelope } from '../../protocol/envelope.ts';
import { buildUa, browserName } from '../../protocol/ua.ts';
import { appStore } from '../stores/app-store.ts';
import { viewportWidth } from '../stores/layout-store.ts';
import { decideOutcome, type RawResult } from './api-outcome.ts';
import { toast } from './toast.ts';
import { cryptoWorker, hasServiceWorkerController } from './worker-client.ts';

export const REQUEST_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  readonly code: number;
  readonly tip: string;
  readonly status: number;
  readonly response?: Envelope;
  /** True when a newer identical request replaced this one; nothing was shown to the user. */
  readonly canceled: boolean;

  constructor(init: { code: number; tip: string; status: number; response?: Envelope; canceled?: boolean }) {
    super(init.tip);
    this.name = 'ApiError';
    this.code = init.code;
    this.tip = init.tip;
    this.status = init.status;
    this.response = init.response;
    this.canceled = init.canceled ?? false;
  }
}

/** The server does not know the id a page asked for (envelope code 1006): the page is a not-found page. */
export function isUnknownId(error: unknown): boolean {
  return error instanceof ApiError && error.code === CODES.NOT_FOUND;
}

type Method = 'GET' | 'POST';

let loginInvalidHandler: () => void = () => undefined;

/** The session module decides what "clear the login and go home" means; the client only reports it. */
export function onLoginInvalid(handler: () => void): void {
  loginInvalidHandler = handler;
}

const inFlight = new Map<string, AbortController>();

function uaHeader(): string {
  return buildUa(viewportWidth(), browserName(navigator.userAgent));
}

function abortError(status = 0): ApiError {
  return new ApiError({ code: -2, tip: 'canceled', status, canceled: true });
}

/** A JSON text, the files of a multipart upload, or nothing (GET). */
type Body = string | UploadPart[] | undefined;

async function viaServiceWorker(method: Method, url: string, body: Body, signal: AbortSignal): Promise<RawResult> {
  const headers: Record<string, string> = { 'x-ua': uaHeader() };
  if (appStore.token) headers.Authorization = `Bearer ${appStore.token}`;
  let sent: string | FormData | undefined;
  if (typeof body === 'string') {
    headers['Content-Type'] = 'application/json';
    sent = body;
  } else if (body) {
    // The browser writes the multipart Content-Type with its boundary.
    sent = new FormData();
    for (const part of body) sent.append(part.field, part.blob, part.filename);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: sent, signal, credentials: 'same-origin' });
  } catch {
    if (signal.aborted && signal.reason !== 'timeout') throw abortError();
    return { status: 0, body: '', interceptError: false, networkError: true };
  }
  const text = await response.text().catch(() => '');
  return {
    status: response.status,
    body: text,
    interceptError: response.headers.get(INTERCEPT_ERROR_HEADER) === '1',
    networkError: false,
  };
}

async function viaWorker(method: Method, url: string, body: Body, signal: AbortSignal): Promise<RawResult> {
  const worker = await cryptoWorker();
  const pending = worker.request({
    method,
    url: new URL(url, location.origin).toString(),
    ...(typeof body === 'string' ? { body } : body ? { parts: body } : {}),
    token: appStore.token,
    ua: uaHeader(),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  // Comlink cannot carry an AbortSignal: a replaced or timed-out call is dropped on this side.
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason === 'timeout' ? 'timeout' : abortError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([pending, aborted]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error === 'timeout') return { status: 0, body: '', interceptError: false, networkError: true };
    return { status: 200, body: '', interceptError: true, networkError: false };
  }
}

/** `quiet`: the caller shows failures itself (or they do not matter), so no toast is raised. */
export interface RequestOptions {
  quiet?: boolean;
}

async function request<T>(method: Method, path: string, payload?: unknown, files?: UploadPart[], options: RequestOptions = {}): Promise<T> {
  const body: Body = files ?? (method === 'POST' ? JSON.stringify(payload ?? {}) : undefined);
  // Two uploads are never the same call, however alike.
  const key = files ? `${method} ${path} upload ${crypto.randomUUID()}` : `${method} ${path} ${String(body ?? '')}`;
  // SPEC §7: of identical calls in flight only the newest survives.
  inFlight.get(key)?.abort('replaced');
  const controller = new AbortController();
  inFlight.set(key, controller);
  const timer = setTimeout(() => controller.abort('timeout'), REQUEST_TIMEOUT_MS);
  try {
    const raw = hasServiceWorkerController()
      ? await viaServiceWorker(method, path, body, controller.signal)
      : await viaWorker(method, path, body, controller.signal);
    if (controller.signal.aborted && controller.signal.reason === 'replaced') throw abortError(raw.status);
    const outcome = decideOutcome(raw);
    switch (outcome.kind) {
      case 'ok':
        return outcome.data as T;
      case 'silent':
        throw new ApiError({ code: outcome.envelope.code, tip: outcome.envelope.tip, status: raw.status, response: outcome.envelope });
      case 'login-invalid':
        toast(outcome.message);
        loginInvalidHandler();
        throw new ApiError({ code: outcome.envelope.code, tip: outcome.message, status: raw.status, response: outcome.envelope });
    }
    if (!options.quiet) toast(outcome.message);
    throw new ApiError({ code: outcome.code, tip: outcome.message, status: raw.status, response: outcome.envelope });
  } finally {
    clearTimeout(timer);
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, undefined, options);
}

/**
 * A multipart upload (upload/img, upload/images): `path` carries the query (purpose, requestId),
 * which the signature covers; the files go as `file` fields.
 */
export function apiUpload<T>(path: string, files: { blob: Blob; filename: string }[], options?: RequestOptions): Promise<T> {
  return request<T>(
    'POST',
    path,
    undefined,
    files.map((f) => ({ field: 'file', ...f })),
    options,
  );
}

export function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}
