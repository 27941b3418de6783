import { API_CACHE_NAME, IMAGE_CACHE_NAME } from '../../sw/cache-names.ts';
import { clearPrivateOfflineData } from './session.ts';

/** What the browser says this site stores, of what it may (navigator.storage.estimate()). */
export interface StorageEstimateInfo {
  usage: number;
  quota: number;
  persisted: boolean;
}

export async function readStorageEstimate(): Promise<StorageEstimateInfo | null> {
  if (!navigator.storage?.estimate) return null;
  const [estimate, persisted] = await Promise.all([navigator.storage.estimate(), navigator.storage.persisted?.() ?? Promise.resolve(false)]);
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

export interface CacheUsage {
  entries: number;
  bytes: number;
}

/** Entries and bytes of one of the worker's Caches (content-length where kept, else the body's size). */
export async function readCacheUsage(name: string): Promise<CacheUsage> {
  if (typeof caches === 'undefined' || !(await caches.has(name))) return { entries: 0, bytes: 0 };
  const cache = await caches.open(name);
  const requests = await cache.keys();
  let bytes = 0;
  for (const request of requests) {
    const response = await cache.match(request);
    if (!response) continue;
    const length = Number(response.headers.get('content-length'));
    bytes += Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
  }
  return { entries: requests.length, bytes };
}

export const imageCacheUsage = () => readCacheUsage(IMAGE_CACHE_NAME);
export const pageCacheUsage = () => readCacheUsage(API_CACHE_NAME);

/** Empties the unmasked images; they are fetched and unmasked again when next shown. */
export async function clearImageCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(IMAGE_CACHE_NAME);
}

/** Empties the offline copies of pages, through the worker so an answer in flight is not kept after it. */
export async function clearPageCache(): Promise<void> {
  await clearPrivateOfflineData();
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE_NAME);
}
