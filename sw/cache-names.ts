/** The worker's own Caches, named once for the worker and for the page's storage screen. */
export const IMAGE_CACHE_NAME = 'md-images';
/** Offline copies of API answers. */
export const API_CACHE_NAME = 'md-api';
/** Videos saved for offline play (sw/downloads.ts). */
export const DOWNLOAD_CACHE_NAME = 'md-downloads';
