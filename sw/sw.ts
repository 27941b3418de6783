/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { listenForPrivateDataClear, offlineCopies } from './api-offline.ts';
import { API_CACHE_MAX_AGE_S, API_CACHE_MAX_ENTRIES, API_CACHE_NAME, ExpiringCache } from './expiring-cache.ts';
import { listenForDownloadChanges, SavedMedia } from './downloads.ts';
import { listenForFetches } from './fetch-router.ts';
import { ImageBases } from './image-bases.ts';
import { createImageProxy } from './image-proxy.ts';
import { registerNavigationFallback } from './navigation.ts';
import { listenForOutboxSync } from './outbox-wake.ts';
import { createApiPipeline } from './shared/api-pipeline.ts';
import { listenForSkipWaiting } from './update.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

const keys = __MD_KEYS__;
const origin = self.location.origin;

const offline = offlineCopies(new ExpiringCache(self.caches, API_CACHE_NAME, API_CACHE_MAX_ENTRIES, API_CACHE_MAX_AGE_S));
const saved = new SavedMedia(self.caches);
listenForFetches(self, {
  origin,
  pipeline: createApiPipeline({ keys }),
  bases: new ImageBases(origin, self.caches),
  images: createImageProxy(keys.imageKey, new ExpiringCache(self.caches), undefined, saved),
  offline,
  saved,
});
listenForPrivateDataClear(self, offline);
listenForDownloadChanges(self, saved);
listenForOutboxSync(self as unknown as Parameters<typeof listenForOutboxSync>[0]);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigationFallback();
listenForSkipWaiting(self);
clientsClaim();
