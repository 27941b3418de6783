import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PULL_THRESHOLD_PX, pullDistance, pullLabel, type PullPhase } from './pull-gesture.ts';
import styles from './pull-to-refresh.module.css';

const ARROW_CLASS: Partial<Record<PullPhase, string>> = { armed: styles.up, refreshing: styles.spin };

/**
 * Touch pull-to-refresh for a page that scrolls with the window: a downward drag that starts with
 * the page at the top pulls the content down and shows 下拉刷新 / 释放刷新; letting go past the
 * threshold runs `onRefresh` while 正在刷新… holds its place. Mouse and pen are left alone.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<PullPhase>('idle');
  const refreshRef = useRef(onRefresh);
  const phaseRef = useRef<PullPhase>('idle');
  // The touch listeners below are bound once; they read the latest callback and phase from refs.
  useEffect(() => {
    refreshRef.current = onRefresh;
    phaseRef.current = phase;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let startY: number | null = null;
    let distance = 0;
    // The browser's own pull (which reloads the whole page) would fight this one.
    const html = document.documentElement;
    const previousOverscroll = html.style.overscrollBehaviorY;
    html.style.overscrollBehaviorY = 'contain';

    const onStart = (event: TouchEvent) => {
      if (phaseRef.current === 'refreshing' || event.touches.length !== 1 || window.scrollY > 0) return;
      startY = event.touches[0]!.clientY;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const delta = event.touches[0]!.clientY - startY;
      if (delta <= 0 || window.scrollY > 0) {
        // An upward drag is an ordinary scroll.
        if (distance === 0) startY = null;
        distance = 0;
        setPull(0);
        setPhase('idle');
        return;
      }
      if (event.cancelable) event.preventDefault();
      distance = pullDistance(delta);
      setPull(distance);
      setPhase(distance >= PULL_THRESHOLD_PX ? 'armed' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (distance < PULL_THRESHOLD_PX) {
        distance = 0;
        setPull(0);
        setPhase('idle');
        return;
      }
      distance = 0;
      setPhase('refreshing');
      setPull(PULL_THRESHOLD_PX);
      void refreshRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          setPhase('idle');
          setPull(0);
        });
    };
    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      html.style.overscrollBehaviorY = previousOverscroll;
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const dragging = phase === 'pulling' || phase === 'armed';
  return (
    <div ref={rootRef} className={styles.root} data-testid="pull-to-refresh" data-phase={phase}>
      <div className={styles.indicator} style={{ height: pull, opacity: pull > 0 ? 1 : 0 }} role="status" aria-live="polite" data-testid="pull-indicator">
        {pull > 0 ? (
          <span className={styles.label}>
            <span className={`${styles.arrow} ${ARROW_CLASS[phase] ?? ''}`} aria-hidden="true">
              {phase === 'refreshing' ? '⟳' : '↓'}
            </span>
            {pullLabel(phase)}
          </span>
        ) : null}
      </div>
      <div className={dragging ? undefined : styles.settle} style={pull > 0 ? { transform: `translateY(${pull}px)` } : undefined}>
        {children}
      </div>
    </div>
  );
}
