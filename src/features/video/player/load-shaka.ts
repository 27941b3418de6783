import type shakaNamespace from 'shaka-player/dist/shaka-player.dash-es2021.js';
import { hasServiceWorkerController } from '../../../lib/worker-client.ts';
import { isPcWidth, viewportWidth } from '../../../stores/layout-store.ts';

export type Shaka = typeof shakaNamespace;
export type ShakaPlayer = shakaNamespace.Player;
export type ShakaTrack = shakaNamespace.extern.Track;

let loading: Promise<Shaka> | null = null;

/**
 * Loads shaka's DASH-only build on first use so it lands in the video page's chunk only. The
 * build is a UMD bundle: bundlers expose its exports object as the default export.
 */
export function loadShaka(): Promise<Shaka> {
  loading ??= import('shaka-player/dist/shaka-player.dash-es2021.js')
    .then((module) => {
      const shaka = ((module as { default?: Shaka }).default ?? module) as Shaka;
      shaka.polyfill.installAll();
      return shaka;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Whether the library waits for the poster to show before it loads: on a phone's first visit,
 * where it comes over what may be a slow connection (no service worker holds it yet) and its 140 KB
 * would share that connection with the page's largest picture. On a desktop, or with the service
 * worker in control, it loads at once (index.html's first script preloads it in the same cases,
 * scripts/route-preload.ts): the video then starts sooner.
 */
export function libraryWaitsForPoster(): boolean {
  return !hasServiceWorkerController() && !isPcWidth(viewportWidth());
}
