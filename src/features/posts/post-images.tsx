import { lazy, Suspense, useRef, useState } from 'react';
import type { PostImage } from '../../../protocol/content-api.ts';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { useTranslation } from '../../i18n/index.ts';
import styles from './posts.module.css';

// The viewer, Swiper and its Zoom module load only when someone opens an image.
const ImageViewer = lazy(() => import('./image-viewer.tsx'));

/** A lone image keeps its own shape between these ratios (width / height); more than one are squares. */
const TALLEST = 3 / 4;
const WIDEST = 16 / 9;

/** The slot of a lone image: its own size, clamped to a shape between 3:4 and 16:9. */
function loneSlot({ imageWidth: width, imageHeight: height }: PostImage): { width: number; height: number } {
  const ratio = width / height;
  if (ratio < TALLEST) return { width, height: Math.round(width / TALLEST) };
  if (ratio > WIDEST) return { width, height: Math.round(width / WIDEST) };
  return { width, height };
}

/**
 * A post's images under its text: one keeps its shape, two and four sit in two columns, the rest in
 * three, each a button that opens the full-screen viewer at that image. Every slot's size is known
 * before its image loads, so nothing moves.
 */
export function PostImages({ images }: { images: readonly PostImage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const opener = useRef<number>(0);
  const total = images.length;
  if (total === 0) return null;
  const layout = total === 1 ? styles.imagesOne : total === 2 || total === 4 ? styles.imagesTwo : styles.imagesThree;
  const sizes =
    total === 1 ? '(min-width: 825px) 480px, 92vw' : total === 2 || total === 4 ? '(min-width: 825px) 240px, 46vw' : '(min-width: 825px) 200px, 31vw';

  const close = () => {
    setOpen(null);
    // The dialog gives focus back to what had it; a tap that never focused the thumbnail (Safari) is covered here.
    setTimeout(() => buttons.current[opener.current]?.focus(), 0);
  };

  return (
    <>
      <ul className={`${styles.images} ${layout}`} aria-label={t('posts.images')} data-testid="post-images">
        {images.map((image, index) => {
          const side = Math.min(image.imageWidth, image.imageHeight);
          const slot = total === 1 ? loneSlot(image) : { width: side, height: side };
          return (
            <li key={`${index}-${image.image}`}>
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                className={styles.thumb}
                aria-label={t('posts.openImage', { n: index + 1, total })}
                aria-haspopup="dialog"
                onClick={() => {
                  opener.current = index;
                  setOpen(index);
                }}
                data-testid="post-image"
                data-index={index}
              >
                <MaskedImage path={image.image} width={slot.width} height={slot.height} alt="" sizes={sizes} />
              </button>
            </li>
          );
        })}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <ImageViewer images={images} start={open} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
