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

  wb.addEventListener('waiting', () => {
    onNeedRefresh(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  // Without a service worker (insecure origin, private mode) the page falls back to the crypto worker.
  wb.register().catch(() => undefined);
  return wb;
}
