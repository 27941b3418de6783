import { proxy, useSnapshot } from 'valtio';
import { PC_BREAKPOINT } from '../../protocol/ua.ts';

/** Same rule as the x-ua descriptor, so the layout and the server agree on the device type. */
export function isPcWidth(width: number): boolean {
  return width > PC_BREAKPOINT;
}

let width = typeof window === 'undefined' ? 0 : window.innerWidth;

/**
 * The window's width as of the last resize. Reading window.innerWidth forces a style and layout
 * pass when the page has changed since the last frame; callers on hot paths (every API call's
 * x-ua header) read this instead.
 */
export function viewportWidth(): number {
  return width;
}

export const layoutStore = proxy({
  isPc: isPcWidth(width),
});

export const LAYOUT_REFRESH_DELAY_MS = 50;

/** Re-evaluates the device type 50 ms after the last resize (SPEC §9). */
export function trackLayout(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    width = window.innerWidth;
    clearTimeout(timer);
    timer = setTimeout(() => {
      layoutStore.isPc = isPcWidth(width);
    }, LAYOUT_REFRESH_DELAY_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

export function useIsPc(): boolean {
  return useSnapshot(layoutStore).isPc;
}
