import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { imageWidthFor } from '../../../protocol/image-widths.ts';
import { hasServiceWorkerController, cryptoWorker } from '../../lib/worker-client.ts';
import { firstUrlOf, useConfig } from '../../stores/config-store.ts';
import styles from './masked-image.module.css';
import skeleton from './skeleton.module.css';

export interface MaskedImageProps {
  /** Path relative to the IMAGE base of config.domain. */
  path: string;
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
const FULL_SIZE = Number.POSITIVE_INFINITY;

const BLOB_CACHE_LIMIT = 300;
const blobUrls = new Map<string, Promise<string>>();

/** Unmasked images per URL, decoded once by the crypto worker (the main thread never unmasks). */
function blobUrlFor(url: string): Promise<string> {
  const cached = blobUrls.get(url);
  if (cached) return cached;
  const created = cryptoWorker()
    .then((worker) => worker.image(url))
    .then((blob) => URL.createObjectURL(blob));
  created.catch(() => blobUrls.delete(url));
  blobUrls.set(url, created);
  if (blobUrls.size > BLOB_CACHE_LIMIT) {
    const [oldestUrl, oldest] = blobUrls.entries().next().value as [string, Promise<string>];
    blobUrls.delete(oldestUrl);
    void oldest.then(
      (blobUrl) => URL.revokeObjectURL(blobUrl),
      () => undefined,
    );
  }
  return created;
}

/**
 * A displayable URL for a masked image path (for <img> or a CSS background): the plain URL when a
 * service worker unmasks it, else a blob URL the crypto worker made. Empty until known.
 */
export function useUnmaskedSrc(path: string, storedWidth: number = FULL_SIZE): { src: string; failed: boolean } {
  const config = useConfig();
  const base = firstUrlOf(config?.domain, 'IMAGE');
  const query = Number.isFinite(storedWidth) ? `?w=${storedWidth}` : '';
  const url = base && path && storedWidth > 0 ? `${base}/${path.replace(/^\/+/, '')}${query}` : '';
  const controlled = hasServiceWorkerController();
  const [workerSrc, setWorkerSrc] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  // A layout effect: the worker's request leaves with the commit that knows the URL, not after the
  // next paint (a large first render would hold the page's largest image back by its own length).
  useLayoutEffect(() => {
    if (!url || controlled) return;
    let alive = true;
    blobUrlFor(url).then(
      (src) => alive && setWorkerSrc({ url, src }),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [url, controlled]);

  return { src: controlled ? url : workerSrc?.url === url ? workerSrc.src : '', failed };
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
    const measure = () => {
      const css = el.getBoundingClientRect().width;
      if (!near || css <= 0) return;
      const wanted = imageWidthFor(css * (window.devicePixelRatio || 1)) ?? FULL_SIZE;
      setWidth((current) => (settled.current ? Math.max(current, wanted) : wanted));
    };
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    const view = new IntersectionObserver(
      (entries) => {
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

export function MaskedImage({ path, width, height, alt, className, sizes, loading = 'lazy', priority = false }: MaskedImageProps) {
  const box = useRef<HTMLSpanElement>(null);
  const settled = useRef(false);
  const eager = priority || loading === 'eager';
  const unmasked = useUnmaskedSrc(path, useSlotWidth(box, eager, settled));
  const { src } = unmasked;
  const [loadedSrc, setLoadedSrc] = useState('');
  const [broken, setBroken] = useState(false);
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
        <span className={`${skeleton.skeleton} ${styles.placeholder}`} {...(alt && !src ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} />
      ) : null}
      {src ? (
        <img
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
          onError={() => setBroken(true)}
        />
      ) : null}
    </span>
  );
}
