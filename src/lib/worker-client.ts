import { wrap, type Remote } from 'comlink';
import type { CryptoWorkerApi } from '../../workers/crypto-api.ts';

let remote: Promise<Remote<CryptoWorkerApi>> | null = null;

/**
 * The crypto worker for pages no service worker controls. index.html's first script starts it when
 * no service worker controls the page (scripts/route-preload.ts), so it loads beside the app's code;
 * else it starts on first use. Comlink is part of the entry: a chunk of its own queued behind the
 * page's code on a first visit and held up the first API call.
 */
export function cryptoWorker(): Promise<Remote<CryptoWorkerApi>> {
  if (!remote) {
    const early = (globalThis as { __mdCryptoWorker?: Worker }).__mdCryptoWorker;
    delete (globalThis as { __mdCryptoWorker?: Worker }).__mdCryptoWorker;
    const worker = early ?? new Worker(new URL('../../workers/crypto.worker.ts', import.meta.url), { type: 'module' });
    remote = Promise.resolve(wrap<CryptoWorkerApi>(worker));
  }
  return remote;
}

export function hasServiceWorkerController(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}
