import { useEffect, useState, type ComponentType, type CSSProperties } from 'react';
import type { CarouselProps } from './carousel.tsx';
import styles from './carousel.module.css';
import { Skeleton } from './ui/skeleton.tsx';
import { useTranslation } from '../i18n/index.ts';

let loaded: ComponentType<CarouselProps> | null = null;
let loading: Promise<ComponentType<CarouselProps>> | null = null;

/** Starts fetching Swiper's chunk (once); the pages that show a carousel call it as they load. */
export function preloadCarousel(): Promise<ComponentType<CarouselProps>> {
  loading ??= import('./carousel.tsx').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Same box as the carousel (per-view columns at the image ratio), so nothing moves when Swiper
 * arrives or the data does.
 */
export function CarouselSkeleton({
  width,
  height,
  perViewDesktop = 1,
  testId,
}: Pick<CarouselProps, 'width' | 'height' | 'perViewDesktop'> & { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={styles.skeleton}
      style={{ '--per-view': perViewDesktop, '--ratio': `${width} / ${height}` } as CSSProperties}
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid={testId}
    >
      {Array.from({ length: perViewDesktop }, (_, index) => (
        <Skeleton key={index} className={styles.skeletonSlide} />
      ))}
    </div>
  );
}

/**
 * The carousel with Swiper in its own chunk: the home route's first JS never carries it. Not
 * React.lazy: React holds a revealed Suspense boundary back for up to 300 ms, and the first banner
 * is the home page's largest paint; the chunk is usually in by the time the data is.
 */
export function LazyCarousel(props: CarouselProps) {
  const [Carousel, setCarousel] = useState<ComponentType<CarouselProps> | null>(() => loaded);
  useEffect(() => {
    if (Carousel) return;
    let alive = true;
    preloadCarousel().then(
      (component) => alive && setCarousel(() => component),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [Carousel]);
  if (!Carousel) return <CarouselSkeleton width={props.width} height={props.height} perViewDesktop={props.perViewDesktop} />;
  return <Carousel {...props} />;
}
