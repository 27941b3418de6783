/**
 * Whether this page can download, apart from the download engine (downloads.ts), which the
 * buttons load when they are pressed: a page that shows 下载 does not fetch the engine with its code.
 */

/** True when this page can download: the service worker controls it and the browser has Cache Storage. */
export function canDownload(): boolean {
  return typeof caches !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** For useSyncExternalStore: a first visit's page is taken over by its service worker a moment after it renders. */
export function subscribeDownloadAbility(onChange: () => void): () => void {
  navigator.serviceWorker?.addEventListener('controllerchange', onChange);
  return () => navigator.serviceWorker?.removeEventListener('controllerchange', onChange);
}

/** The download engine, for a button that was pressed. */
export const downloadEngine = () => import('./downloads.ts');
