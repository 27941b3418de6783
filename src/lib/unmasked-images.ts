import { imageWidthFor } from '../../protocol/image-widths.ts';
import { cryptoWorker, hasServiceWorkerController } from './worker-client.ts';

// The images the crypto worker unmasked for this page, when no service worker does it on request.
// Small and apart from the image component: a route's loader starts a page's largest image from here
// before the page's code has arrived (src/features/video/poster-hint.ts).

/** The stored width that stands for the original image. */
export const FULL_SIZE = Number.POSITIVE_INFINITY;

const BLOB_CACHE_LIMIT = 300;
const blobUrls = new Map<string, Promise<string>>();
/** The blob URLs already made, so an image asked for again shows in the same render. */
export const madeBlobUrls = new Map<string, string>();

/**
 * Unmasked images per URL, decoded once by the crypto worker (the main thread never unmasks). The
 * worker registers the blob URLs too, so that their synchronous registration with the browser
 * process never holds the page's main thread, and releases them when they leave this cache.
 */
export function blobUrlFor(url: string): Promise<string> {
  const cached = blobUrls.get(url);
  if (cached) return cached;
  const created = cryptoWorker()
    .then((worker) => worker.imageUrl(url))
    .then((blobUrl) => {
      if (blobUrls.get(url) === created) madeBlobUrls.set(url, blobUrl);
      return blobUrl;
    });
  created.catch(() => blobUrls.delete(url));
  blobUrls.set(url, created);
  if (blobUrls.size > BLOB_CACHE_LIMIT) {
    const [oldestUrl, oldest] = blobUrls.entries().next().value as [string, Promise<string>];
    blobUrls.delete(oldestUrl);
    madeBlobUrls.delete(oldestUrl);
    void Promise.all([oldest, cryptoWorker()]).then(
      ([blobUrl, worker]) => worker.revokeImageUrl(blobUrl),
      () => undefined,
    );
  }
  return created;
}

/**
 * The poster index.html's boot script asked the crypto worker for on a phone's first visit to a
 * video page (scripts/boot-poster.ts): the page's own request for that address takes its answer.
 */
function adoptBootPoster(): void {
  const boot = (window as { __mdBootPoster?: { url: string; blobUrl: Promise<string> } }).__mdBootPoster;
  if (!boot) return;
  delete (window as { __mdBootPoster?: unknown }).__mdBootPoster;
  const created = boot.blobUrl.then((blobUrl) => {
    if (blobUrls.get(boot.url) === created) madeBlobUrls.set(boot.url, blobUrl);
    return blobUrl;
  });
  created.catch(() => blobUrls.delete(boot.url));
  blobUrls.set(boot.url, created);
}
if (typeof window !== 'undefined') adoptBootPoster();

/** The address of a stored width of an image (PROTOCOL.md, Images); FULL_SIZE for the original. */
export function imageUrl(base: string, path: string, storedWidth: number): string {
  const query = Number.isFinite(storedWidth) ? `?w=${storedWidth}` : '';
  return `${base}/${path.replace(/^\/+/, '')}${query}`;
}

/**
 * Starts unmasking an image a page is about to show `cssWidth` px wide, before the page renders,
 * on a visit without a service worker (which would unmask it on request): the image the page
 * then asks for is ready or under way.
 */
export function prefetchMaskedImage(base: string, path: string, cssWidth: number): void {
  if (hasServiceWorkerController() || !path || cssWidth <= 0) return;
  const storedWidth = imageWidthFor(cssWidth * (window.devicePixelRatio || 1)) ?? FULL_SIZE;
  void blobUrlFor(imageUrl(base, path, storedWidth)).catch(() => undefined);
}
