/** Message the page posts (workbox-window messageSkipWaiting) when the user accepts an update. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The parts of ServiceWorkerGlobalScope used here, typed locally for Node-side tests. */
export interface UpdateScope {
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  skipWaiting(): Promise<void>;
}

/**
 * A new worker waits until the user agrees to reload: activating it under a running page would
 * swap the precached chunks the page still lazy-loads.
 */
export function listenForSkipWaiting(sw: UpdateScope): void {
  sw.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void sw.skipWaiting();
  });
}
