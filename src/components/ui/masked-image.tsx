import { useContext, useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { imageWidthFor } from '../../../protocol/image-widths.ts';
import { hasServiceWorkerController } from '../../lib/worker-client.ts';
import { blobUrlFor, FULL_SIZE, imageUrl, madeBlobUrls } from '../../lib/unmasked-images.ts';
import { ImagesWait } from '../../lib/images-wait.ts';
import { firstUrlOf, useConfig } from '../../stores/config-store.ts';
import styles from './masked-image.module.css';
import skeleton from './skeleton.module.css';

export interface MaskedImageProps {
  /** Path relative to the IMAGE base of config.domain. */
  path: string;
  /** The IMAGE base when it is known before the app config (a page hint); else config.domain's. */
  base?: string;
  width: number;
  height: number;
  alt: string;
  className?: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  /** The likely largest image of the first screen: fetched first (fetchpriority high, never lazy). */
  priority?: boolean;
}

/** Images this far outside the viewport already load, so scrolling rarely shows a placeholder. */
const NEAR_VIEWPORT = '300px';
/**
 * A displayable URL for a masked image path (for <img> or a CSS background): the plain URL when a
 * service worker unmasks it, else a blob URL the crypto worker made. Empty until known; with
 * `waits`, the worker is not asked yet.
 */
export function useUnmaskedSrc(path: string, storedWidth: number = FULL_SIZE, knownBase?: string, waits = false): { src: string; failed: boolean } {
  const config = useConfig();
  const base = knownBase ?? firstUrlOf(config?.domain, 'IMAGE');
  const url = base && path && storedWidth > 0 ? imageUrl(base, path, storedWidth) : '';
  const controlled = hasServiceWorkerController();
  // The blob URLs the worker made are the truth; this only asks for a render when one arrives.
  const [, blobArrived] = useReducer((n: number) => n + 1, 0);
  const made = url ? madeBlobUrls.get(url) : undefined;
  const [failed, setFailed] = useState(false);

  // A layout effect: the worker's request leaves with the commit that knows the URL, not after the
  // next paint (a large first render would hold the page's largest image back by its own length).
  // Waiting (ImagesWait) holds back only the worker's requests: one it answered already shows, and a
  // service worker answers from its cache.
  useLayoutEffect(() => {
    if (!url || controlled || made || waits) return;
    let alive = true;
    blobUrlFor(url).then(
      () => alive && blobArrived(),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [url, controlled, made, waits]);

  // An image the worker already unmasked stays as it is when a service worker takes control
  // mid-visit: asking again through the service worker would show the placeholder meanwhile.
  return { src: made ?? (controlled ? url : ''), failed };
}

/**
 * The stored width (protocol/image-widths.ts) that fills the element at the device's pixel ratio,
 * once the element is near the viewport (at once when eager); 0 until then. It follows the layout
 * until an image has loaded (a carousel lays its slides out after mounting), then only grows, so a
 * resize never swaps a sharp image for a blurrier one.
 */
function useSlotWidth(box: RefObject<HTMLElement | null>, eager: boolean, settled: RefObject<boolean>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let near = eager;
    // The width comes with the observers' entries: asking the element for it would make the browser
    // lay the page out again for every card while the first render settles.
    let css = 0;
    const measure = () => {
      if (!near || css <= 0) return;
      const wanted = imageWidthFor(css * (window.devicePixelRatio || 1)) ?? FULL_SIZE;
      setWidth((current) => (settled.current ? Math.max(current, wanted) : wanted));
    };
    const resize = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1]!;
      css = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
      measure();
    });
    resize.observe(el);
    const view = new IntersectionObserver(
      (entries) => {
        // The ResizeObserver's first entry (delivered before this callback's task) has the width.
        if (!entries.some((e) => e.isIntersecting)) return;
        near = true;
        view.disconnect();
        measure();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    if (!near) view.observe(el);
    return () => {
      resize.disconnect();
      view.disconnect();
    };
  }, [box, eager, settled]);
  return width;
}

/**
 * When a failed image is asked for again (see MaskedImage): each wait longer than the last, so a
 * hiccup of a second or two costs one short wait, and one of several seconds (a server or a
 * service worker restarting on a busy phone) is still outlasted, about ten seconds in all.
 */
const IMAGE_RETRY_MS = [1500, 3000, 6000];

export function MaskedImage({ path, base, width, height, alt, className, sizes, loading = 'lazy', priority = false }: MaskedImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const settled = useRef(false);
  const eager = priority || loading === 'eager';
  const slotWidth = useSlotWidth(box, eager, settled);
  // Inside a part of the page that waits (ImagesWait), only the page's largest image is asked for.
  const waits = useContext(ImagesWait) && !priority;
  const unmasked = useUnmaskedSrc(path, slotWidth, base, waits);
  const { src } = unmasked;
  const [loadedSrc, setLoadedSrc] = useState('');
  // An image the document already holds (the same blob shown a moment ago) is complete at once:
  // shown before the next paint, with no placeholder frame in between.
  useLayoutEffect(() => {
    const el = img.current;
    if (src && el?.complete && el.naturalWidth > 0) {
      settled.current = true;
      setLoadedSrc(src);
    }
  }, [src]);
  // An image that fails leaves its placeholder, never a broken-image icon. Online it is asked for
  // again after a moment (a passing failure: a just-uploaded picture, a restarting server), three
  // times at most, further apart each time; offline, when the connection returns; another src starts afresh.
  const [failure, setFailure] = useState({ src: '', count: 0, waiting: false });
  const broken = src !== '' && failure.src === src && failure.waiting;
  const attempt = failure.src === src ? failure.count : 0;
  useEffect(() => {
    if (!broken) return;
    const again = () => setFailure((f) => (f.src === src ? { ...f, waiting: false } : f));
    // Offline: when the connection returns, as the page's failed queries do.
    if (!navigator.onLine) {
      window.addEventListener('online', again, { once: true });
      return () => window.removeEventListener('online', again);
    }
    const wait = IMAGE_RETRY_MS[attempt - 1];
    if (wait === undefined) return;
    const timer = setTimeout(again, wait);
    return () => clearTimeout(timer);
  }, [broken, attempt, src]);
  const failed = unmasked.failed || broken;
  const loaded = src !== '' && loadedSrc === src;
  return (
    <span
      ref={box}
      className={className ? `${styles.image} ${className}` : styles.image}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-state={failed ? 'error' : loaded ? 'loaded' : 'loading'}
      data-testid="masked-image"
    >
      {!loaded ? (
        // Until the image loads (or while it waits to come near the viewport) the placeholder carries its name.
        <span
          className={`${skeleton.skeleton} ${styles.placeholder}`}
          // Far from the viewport nothing loads yet: a still placeholder, not one more running sheen
          // (each is an animation the page's frames and event listeners pay for while it runs).
          data-far={slotWidth === 0 ? '' : undefined}
          {...(alt && (!src || broken) ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        />
      ) : null}
      {src && !broken ? (
        <img
          key={attempt}
          ref={img}
          src={src}
          width={width}
          height={height}
          alt={alt}
          sizes={sizes}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onLoad={() => {
            settled.current = true;
            setLoadedSrc(src);
          }}
          onError={() => setFailure((f) => ({ src, count: (f.src === src ? f.count : 0) + 1, waiting: true }))}
        />
      ) : null}
    </span>
  );
}
