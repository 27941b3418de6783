/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { listenForFetches } from './fetch-router.ts';
import { ImageBases } from './image-bases.ts';
import { ImageCache } from './image-cache.ts';
import { createImageProxy } from './image-proxy.ts';
import { registerNavigationFallback } from './navigation.ts';
import { createApiPipeline } from './shared/api-pipeline.ts';
import { listenForSkipWaiting } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

const keys = __MD_KEYS__;
const origin = self.location.origin;

listenForFetches(self, {
  origin,
  pipeline: createApiPipeline({ keys }),
  bases: new ImageBases(origin, self.caches),
  images: createImageProxy(keys.imageKey, new ImageCache(self.caches)),
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationFallback();
listenForSkipWaiting(self);
clientsClaim();
