import { useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import { MaskedImage } from './ui/masked-image.tsx';
import styles from './carousel.module.css';
import { useTranslation } from '../i18n/index.ts';

export interface CarouselSlide {
  key: string | number;
  /** Image path relative to the IMAGE base. */
  image: string;
  alt: string;
  /** Where the slide leads, for the address bar and modified clicks; none for a slide that goes nowhere. */
  href?: string;
  onActivate?: () => void;
  /** Small corner label, e.g. 广告. */
  badge?: string;
  /** Line over the foot of the image. */
  caption?: string;
  data?: Record<string, string | number>;
}

export interface CarouselProps {
  slides: readonly CarouselSlide[];
  label: string;
  testId: string;
  /** Image size hint; every slide shares it, so the carousel's height is known before images load. */
  width: number;
  height: number;
  /** Slides side by side above the desktop breakpoint (SPEC: 824 px). */
  perViewDesktop?: number;
  autoplayMs?: number;
  /** The first slide is the LCP candidate on home: fetch it eagerly. */
  eager?: boolean;
}

export const CAROUSEL_GAP_PX = 16;
const DESKTOP_MIN_WIDTH = 825;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Image slides with autoplay, dots, swipe (Swiper), arrow buttons on desktop and the arrow keys
 * while focus is inside. Loaded lazily through LazyCarousel: Swiper stays out of the first JS.
 */
export default function Carousel({ slides, label, testId, width, height, perViewDesktop = 1, autoplayMs = 4000, eager = false }: CarouselProps) {
  const { t } = useTranslation();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const [snaps, setSnaps] = useState(slides.length);
  // Autoplay moves content on its own; people who asked for less motion advance it themselves.
  const [autoplay] = useState(() =>
    slides.length > 1 && !prefersReducedMotion() ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') swiper?.slidePrev();
    else if (event.key === 'ArrowRight') swiper?.slideNext();
    else return;
    event.preventDefault();
  };

  const open = (slide: CarouselSlide) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!slide.onActivate) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    slide.onActivate();
  };

  return (
    <section
      className={styles.carousel}
      style={{ '--per-view': perViewDesktop, '--ratio': `${width} / ${height}` } as CSSProperties}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-active-index={active}
      onKeyDown={onKeyDown}
    >
      <Swiper
        modules={[Autoplay]}
        className={styles.swiper}
        slidesPerView={1}
        spaceBetween={0}
        rewind
        autoplay={autoplay}
        breakpoints={{ [DESKTOP_MIN_WIDTH]: { slidesPerView: perViewDesktop, spaceBetween: CAROUSEL_GAP_PX } }}
        onSwiper={(instance) => {
          setSwiper(instance);
          setSnaps(instance.snapGrid.length);
        }}
        onBreakpoint={(instance) => setSnaps(instance.snapGrid.length)}
        onSnapGridLengthChange={(instance) => setSnaps(instance.snapGrid.length)}
        onSlideChange={(instance) => setActive(instance.activeIndex)}
      >
        {slides.map((slide, index) => {
          const image = (
            <MaskedImage
              path={slide.image}
              width={width}
              height={height}
              alt={slide.alt}
              className={styles.image}
              sizes={`(min-width: ${DESKTOP_MIN_WIDTH}px) ${Math.round(1200 / perViewDesktop)}px, 100vw`}
              loading={eager && index === 0 ? 'eager' : 'lazy'}
              priority={eager && index === 0}
            />
          );
          const data = Object.fromEntries(Object.entries(slide.data ?? {}).map(([k, v]) => [`data-${k}`, v]));
          return (
            <SwiperSlide key={slide.key} className={styles.slide} data-testid={`${testId}-slide`} data-index={index} {...data}>
              {slide.href || slide.onActivate ? (
                <a
                  className={styles.link}
                  href={slide.href ?? '#'}
                  onClick={open(slide)}
                  onFocus={(event) => {
                    // Tabbing onto a slide out of view brings it in; a pointer's focus must not move the slide it is clicking.
                    if (event.currentTarget.matches(':focus-visible')) swiper?.slideTo(index);
                  }}
                  aria-label={slide.alt}
                  draggable={false}
                >
                  {image}
                </a>
              ) : (
                <div className={styles.link}>{image}</div>
              )}
              {slide.caption ? (
                <span className={styles.caption} aria-hidden="true">
                  {slide.caption}
                </span>
              ) : null}
              {slide.badge ? <span className={styles.badge}>{slide.badge}</span> : null}
            </SwiperSlide>
          );
        })}
      </Swiper>
      {snaps > 1 ? (
        <>
          <Arrow side="prev" label={t('common.prevSlide')} onClick={() => swiper?.slidePrev()} testId={`${testId}-prev`} />
          <Arrow side="next" label={t('common.nextSlide')} onClick={() => swiper?.slideNext()} testId={`${testId}-next`} />
          <div className={styles.dots} data-testid={`${testId}-dots`}>
            {Array.from({ length: snaps }, (_, index) => (
              <button
                key={index}
                type="button"
                className={index === active ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                aria-label={t('common.slideN', { n: index + 1 })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => swiper?.slideTo(index)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

const ARROW_PATHS = { prev: 'M15 5 8 12l7 7', next: 'm9 5 7 7-7 7' } as const;

function Arrow({ side, label, onClick, testId }: { side: 'prev' | 'next'; label: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className={`${styles.arrow} ${styles[side]}`} aria-label={label} onClick={onClick} data-testid={testId}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d={ARROW_PATHS[side]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
