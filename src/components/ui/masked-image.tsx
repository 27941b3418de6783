import { useEffect, useState } from 'react';
import { hasServiceWorkerController, cryptoWorker } from '../../lib/worker-client.ts';
import { firstUrlOf, useConfig } from '../../stores/config-store.ts';

export interface MaskedImageProps {
  /** Path relative to the IMAGE base of config.domain. */
  path: string;
  width: number;
  height: number;
  alt: string;
  className?: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
}

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
    void oldest.then((blobUrl) => URL.revokeObjectURL(blobUrl), () => undefined);
  }
  return created;
}

/**
 * A displayable URL for a masked image path (for <img> or a CSS background): the plain URL when a
 * service worker unmasks it, else a blob URL the crypto worker made. Empty until known.
 */
export function useUnmaskedSrc(path: string): { src: string; failed: boolean } {
  const config = useConfig();
  const base = firstUrlOf(config?.domain, 'IMAGE');
  const url = base && path ? `${base}/${path.replace(/^\/+/, '')}` : '';
  const controlled = hasServiceWorkerController();
  const [workerSrc, setWorkerSrc] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
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

export function MaskedImage({ path, width, height, alt, className, sizes, loading = 'lazy' }: MaskedImageProps) {
  const unmasked = useUnmaskedSrc(path);
  const { src } = unmasked;
  const [loadedSrc, setLoadedSrc] = useState('');
  const [broken, setBroken] = useState(false);
  const failed = unmasked.failed || broken;
  const loaded = src !== '' && loadedSrc === src;
  return (
    <span
      className={className ? `masked-image ${className}` : 'masked-image'}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-state={failed ? 'error' : loaded ? 'loaded' : 'loading'}
    >
      {!loaded ? <span className="skeleton masked-image__placeholder" aria-hidden="true" /> : null}
      {src ? (
        <img
          src={src}
          width={width}
          height={height}
          alt={alt}
          sizes={sizes}
          loading={loading}
          decoding="async"
          onLoad={() => setLoadedSrc(src)}
          onError={() => setBroken(true)}
        />
      ) : null}
    </span>
  );
}
