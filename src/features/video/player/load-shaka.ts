import type shakaNamespace from 'shaka-player/dist/shaka-player.dash-es2021.js';

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
