import type { Remote } from 'comlink';
import type { CryptoWorkerApi } from '../../workers/crypto-api.ts';

let remote: Promise<Remote<CryptoWorkerApi>> | null = null;

/**
 * The crypto worker for pages no service worker controls. Comlink and the worker load on first use
 * so neither is part of the initial bundle; the worker starts at once, while Comlink's chunk travels.
 */
export function cryptoWorker(): Promise<Remote<CryptoWorkerApi>> {
  if (!remote) {
    const worker = new Worker(new URL('../../workers/crypto.worker.ts', import.meta.url), { type: 'module' });
    remote = import('comlink').then(({ wrap }) => wrap<CryptoWorkerApi>(worker));
  }
  return remote;
}

export function hasServiceWorkerController(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}
