import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVER_PATHS } from './server-paths.ts';

/** Serves the precached index.html for client routes, so deep links open offline. */
export function registerNavigationFallback(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));
}
