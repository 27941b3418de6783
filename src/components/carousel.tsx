import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import type * as CarouselEngine from './carousel-engine.ts';
import { MaskedImage } from './ui/masked-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import styles from './carousel.module.css';
import { useTranslation } from '../i18n/index.ts';
import { useIsPc } from '../stores/layout-store.ts';

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
/** A horizontal move this long, before Swiper runs, is a swipe. */
const SWIPE_PX = 40;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

let engine: Promise<typeof CarouselEngine> | null = null;
/** Swiper's chunk, fetched once (on idle after a carousel mounts, or when one first has to move). */
function loadEngine(): Promise<typeof CarouselEngine> {
  engine ??= import('./carousel-engine.ts').catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

/** Positions a carousel can stop at: every slide on a phone, and on desktop the last full page is the end. */
function snapCount(slides: number, perView: number): number {
  return Math.max(1, slides - perView + 1);
}

type Move = (swiper: SwiperInstance) => void;

/**
 * Image slides with autoplay, dots, swipe, arrow buttons on desktop and the arrow keys while focus
 * is inside. The slides are drawn at once in Swiper's markup, laid out by CSS as Swiper will lay
 * them out; Swiper itself (its chunk and its measuring start-up) comes only when the carousel
 * first moves: the first autoplay step, a pointer over it, a key, a dot, an arrow or a swipe. Page
 * load never waits for it, and nothing shifts when it starts.
 */
export function Carousel({ slides, label, testId, width, height, perViewDesktop = 1, autoplayMs = 4000, eager = false }: CarouselProps) {
  const { t } = useTranslation();
  const isPc = useIsPc();
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<SwiperInstance | null>(null);
  const pending = useRef<Move[] | null>(null);
  const swipeFrom = useRef<number | null>(null);
  const [active, setActive] = useState(0);
  const [snaps, setSnaps] = useState<number | null>(null);
  // Autoplay moves content on its own; people who asked for less motion advance it themselves.
  const [autoplay] = useState(() => slides.length > 1 && !prefersReducedMotion());
  const shownSnaps = snaps ?? snapCount(slides.length, isPc ? perViewDesktop : 1);

  /** Runs `move` on the carousel's Swiper, starting Swiper first if it is not running yet. */
  const withSwiper = (move?: Move) => {
    if (swiper.current) {
      move?.(swiper.current);
      return;
    }
    if (pending.current) {
      if (move) pending.current.push(move);
      return;
    }
    pending.current = move ? [move] : [];
    loadEngine().then(
      ({ Swiper, Autoplay }) => {
        const el = root.current;
        const moves = pending.current ?? [];
        pending.current = null;
        if (!el || swiper.current) return;
        const options: SwiperOptions = {
          modules: [Autoplay],
          slidesPerView: 1,
          spaceBetween: 0,
          rewind: true,
          autoplay: autoplay ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
          breakpoints: { [DESKTOP_MIN_WIDTH]: { slidesPerView: perViewDesktop, spaceBetween: CAROUSEL_GAP_PX } },
          on: {
            breakpoint: (instance) => setSnaps(instance.snapGrid.length),
            snapGridLengthChange: (instance) => setSnaps(instance.snapGrid.length),
            slideChange: (instance) => setActive(instance.activeIndex),
          },
        };
        const instance = new Swiper(el, options);
        swiper.current = instance;
        setSnaps(instance.snapGrid.length);
        for (const queued of moves) queued(instance);
      },
      () => {
        pending.current = null;
      },
    );
  };

  useEffect(() => {
    // The chunk travels while the browser is idle, so a first touch does not wait on the network.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(() => void loadEngine().catch(() => undefined), { timeout: 3000 }) : undefined;
    // The first autoplay step is when Swiper has to run anyway; its own autoplay takes over from there.
    const first = autoplay ? setTimeout(() => withSwiper((instance) => instance.slideNext()), autoplayMs) : undefined;
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(first);
      swiper.current?.destroy(true, false);
      swiper.current = null;
    };
    // withSwiper reads refs and the first render's options only; the effect runs once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') withSwiper((s) => s.slidePrev());
    else if (event.key === 'ArrowRight') withSwiper((s) => s.slideNext());
    else return;
    event.preventDefault();
  };

  // Before Swiper runs, a swipe is read here (Swiper follows the finger from then on).
  const onPointerDown = (event: PointerEvent) => {
    if (swiper.current) return;
    swipeFrom.current = event.clientX;
    withSwiper();
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const moved = event.clientX - from;
    if (moved <= -SWIPE_PX) withSwiper((s) => s.slideNext());
    else if (moved >= SWIPE_PX) withSwiper((s) => s.slidePrev());
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
      onPointerEnter={(event) => event.pointerType === 'mouse' && withSwiper()}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeFrom.current = null)}
    >
      <div ref={root} className={`swiper ${styles.swiper}`}>
        <div className="swiper-wrapper">
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
              <div key={slide.key} className={`swiper-slide ${styles.slide}`} data-testid={`${testId}-slide`} data-index={index} {...data}>
                {slide.href || slide.onActivate ? (
                  <a
                    className={styles.link}
                    href={slide.href ?? '#'}
                    onClick={open(slide)}
                    onFocus={(event) => {
                      // Tabbing onto a slide out of view brings it in; a pointer's focus must not move the slide it is clicking.
                      if (event.currentTarget.matches(':focus-visible')) withSwiper((s) => s.slideTo(index));
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
              </div>
            );
          })}
        </div>
      </div>
      {shownSnaps > 1 ? (
        <>
          <Arrow side="prev" label={t('common.prevSlide')} onClick={() => withSwiper((s) => s.slidePrev())} testId={`${testId}-prev`} />
          <Arrow side="next" label={t('common.nextSlide')} onClick={() => withSwiper((s) => s.slideNext())} testId={`${testId}-next`} />
          <div className={styles.dots} data-testid={`${testId}-dots`}>
            {Array.from({ length: shownSnaps }, (_, index) => (
              <button
                key={index}
                type="button"
                className={index === active ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                aria-label={t('common.slideN', { n: index + 1 })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => withSwiper((s) => s.slideTo(index))}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * Same box as the carousel (per-view columns at the image ratio), so nothing moves when the data
 * arrives.
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
