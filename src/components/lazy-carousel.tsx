import { lazy, Suspense, type CSSProperties } from 'react';
import type { CarouselProps } from './carousel.tsx';
import styles from './carousel.module.css';

const Carousel = lazy(() => import('./carousel.tsx'));

/**
 * Same box as the carousel (per-view columns at the image ratio), so nothing moves when Swiper
 * arrives or the data does.
 */
export function CarouselSkeleton({ width, height, perViewDesktop = 1, testId }: Pick<CarouselProps, 'width' | 'height' | 'perViewDesktop'> & { testId?: string }) {
  return (
    <div
      className={styles.skeleton}
      style={{ '--per-view': perViewDesktop, '--ratio': `${width} / ${height}` } as CSSProperties}
      aria-busy="true"
      aria-label="加载中"
      data-testid={testId}
    >
      {Array.from({ length: perViewDesktop }, (_, index) => (
        <span key={index} className={`skeleton ${styles.skeletonSlide}`} aria-hidden="true" />
      ))}
    </div>
  );
}

/** The carousel with Swiper in its own chunk: the home route's first JS never carries it. */
export function LazyCarousel(props: CarouselProps) {
  return (
    <Suspense fallback={<CarouselSkeleton width={props.width} height={props.height} perViewDesktop={props.perViewDesktop} />}>
      <Carousel {...props} />
    </Suspense>
  );
}
