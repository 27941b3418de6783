import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen.ts';
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

/** Top of the page on every navigation, or the element the hash names (SPEC §2). */
export function trackScroll(): () => void {
  return router.subscribe('onResolved', ({ hrefChanged, toLocation }) => {
    if (!hrefChanged) return;
    const hash = toLocation.hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  });
}
