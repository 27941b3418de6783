import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen.ts';
import { KEEP_ALIVE_PATHS, restoredScroll, savedScroll } from './keep-alive.ts';
import { queryClient } from './query-client.ts';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Query owns freshness; the router must not cache loader results on top of it.
  defaultPreloadStaleTime: 0,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Top of the page on every navigation, or the element the hash names (SPEC §2); kept-alive pages
 * come back at the offset they were left at. Their data is still in the query cache, so the list
 * renders at full height at once and the offset can be applied on the next frame.
 */
export function trackScroll(): () => void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  const stopSaving = router.subscribe('onBeforeNavigate', ({ fromLocation }) => {
    if (fromLocation && KEEP_ALIVE_PATHS.includes(fromLocation.pathname)) savedScroll.set(fromLocation.href, window.scrollY);
  });
  const stopRestoring = router.subscribe('onResolved', ({ hrefChanged, toLocation }) => {
    if (!hrefChanged) return;
    const restore = restoredScroll(toLocation.pathname, toLocation.href);
    if (restore !== null) {
      requestAnimationFrame(() => window.scrollTo(0, restore));
      return;
    }
    const hash = toLocation.hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  });
  return () => {
    stopSaving();
    stopRestoring();
  };
}
