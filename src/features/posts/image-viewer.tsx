import { useEffect, useRef, useState, type CSSProperties } from 'react';
import Swiper from 'swiper';
import { Zoom } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/zoom';
import type { PostImage } from '../../../protocol/content-api.ts';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { useTranslation } from '../../i18n/index.ts';
import { listen } from '../../lib/listen.ts';
import styles from './image-viewer.module.css';

export interface ImageViewerProps {
  images: readonly PostImage[];
  /** The image shown first (the one tapped). */
  start: number;
  onClose: () => void;
}

/** How far a pinch or a double tap zooms in. */
const MAX_ZOOM = 3;

/**
 * A post's images full screen, in its own chunk with Swiper and its Zoom module: swipe, drag or
 * the arrow keys move between them, a pinch or a double tap zooms, "n / total" says where one is.
 * A modal <dialog>: focus stays inside, Esc and the close button close it, and focus goes back to
 * the thumbnail that opened it. Each slide's image fills the screen at its own ratio, asked for
 * at the width it is drawn (MaskedImage measures its box, so a large screen gets the large file).
 */
export default function ImageViewer({ images, start, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  // First: the dialog is open (and laid out) before Swiper measures it below.
  const dialogRef = useModalDialog(onClose);
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<SwiperInstance | null>(null);
  const [active, setActive] = useState(start);
  const total = images.length;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const instance = new Swiper(el, {
      modules: [Zoom],
      initialSlide: start,
      spaceBetween: 16,
      zoom: { maxRatio: MAX_ZOOM, toggle: true },
      on: { slideChange: (s) => setActive(s.activeIndex) },
    });
    swiper.current = instance;
    return () => {
      instance.destroy(true, false);
      swiper.current = null;
    };
  }, [start]);

  // On the document: the arrow keys work wherever focus sits while the viewer is open.
  useEffect(
    () =>
      listen(document, {
        keydown: (event) => {
          const { key } = event as globalThis.KeyboardEvent;
          if (key === 'ArrowLeft') swiper.current?.slidePrev();
          else if (key === 'ArrowRight') swiper.current?.slideNext();
          else return;
          event.preventDefault();
        },
      }),
    [],
  );

  return (
    <dialog ref={dialogRef} className={styles.viewer} aria-label={t('posts.viewer')} data-testid="image-viewer">
      <div ref={root} className={`swiper ${styles.swiper}`}>
        <div className="swiper-wrapper">
          {images.map((image, index) => (
            <div
              key={`${index}-${image.image}`}
              className={`swiper-slide ${styles.slide}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${total}`}
              aria-hidden={index !== active}
            >
              <div className={`swiper-zoom-container ${styles.zoom}`} style={{ '--ratio': image.imageWidth / image.imageHeight } as CSSProperties}>
                <MaskedImage
                  path={image.image}
                  width={image.imageWidth}
                  height={image.imageHeight}
                  alt={t('posts.imageAlt', { n: index + 1 })}
                  className={`swiper-zoom-target ${styles.image}`}
                  sizes="100vw"
                  // The one shown and its neighbours load at once; the rest when they come near.
                  loading={Math.abs(index - active) <= 1 ? 'eager' : 'lazy'}
                />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.bar}>
        <span className={styles.count} aria-live="polite" data-testid="image-viewer-count">
          {active + 1} / {total}
        </span>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('app.close')} data-testid="image-viewer-close">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {total > 1 ? (
        <>
          <Arrow side="prev" label={t('posts.prevImage')} atEnd={active === 0} onClick={() => swiper.current?.slidePrev()} />
          <Arrow side="next" label={t('posts.nextImage')} atEnd={active === total - 1} onClick={() => swiper.current?.slideNext()} />
        </>
      ) : null}
    </dialog>
  );
}

const ARROW_PATHS = { prev: 'M15 5 8 12l7 7', next: 'm9 5 7 7-7 7' } as const;

/** Previous or next; at the end it stays focusable (aria-disabled), so focus never drops out of the dialog. */
function Arrow({ side, label, atEnd, onClick }: { side: 'prev' | 'next'; label: string; atEnd: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${styles.arrow} ${styles[side]}`}
      aria-label={label}
      aria-disabled={atEnd}
      onClick={atEnd ? undefined : onClick}
      data-testid={`image-viewer-${side}`}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d={ARROW_PATHS[side]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
