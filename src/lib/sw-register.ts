import { Workbox } from 'workbox-window';

/**
 * Registers the service worker built from sw/sw.ts. The worker is bundled as a classic script
 * (vite.config.ts `rollupFormat: 'iife'`) because module service workers are not yet supported by
 * every browser we ship to. When an update is installed and waiting, `onNeedRefresh` receives a
 * `reload` that activates it and reloads the page once the new worker controls it; until then the
 * old worker keeps serving, so lazily loaded chunks of the running page stay consistent.
 */
export function registerServiceWorker(onNeedRefresh: (reload: () => void) => void): Workbox | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  wb.addEventListener('waiting', () => {
    onNeedRefresh(() => {
      wb.addEventListener('controlling', () => whenActivated(navigator.serviceWorker.controller, reloadOnce));
      wb.messageSkipWaiting();
    });
  });

  // Without a service worker (insecure origin, private mode) the page falls back to the crypto worker.
  wb.register().catch(() => undefined);
  return wb;
}

/** The part of a ServiceWorker that `whenActivated` reads. */
export interface ActivatingWorker {
  readonly state: string;
  addEventListener(type: 'statechange', listener: () => void): void;
}

/**
 * Runs `then` once `worker` (the one that just took control) has finished activating, or at once
 * when it has: the reloaded page's navigation then goes to a worker that answers it, not one still
 * running its activate event. The reload itself happens once (`reloadOnce` above): Chromium may
 * install the same script again right after an update and hand control to that version too, and
 * reloading at every new controller restarted the reload each time (seconds late, or in one CI run
 * not within a minute).
 */
export function whenActivated(worker: ActivatingWorker | null, then: () => void): void {
  if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
    then();
    return;
  }
  let done = false;
  worker.addEventListener('statechange', () => {
    if (done || (worker.state !== 'activated' && worker.state !== 'redundant')) return;
    done = true;
    then();
  });
}
