import { proxy, useSnapshot } from 'valtio';
import { PC_BREAKPOINT } from '../../protocol/ua.ts';

/** Same rule as the x-ua descriptor, so the layout and the server agree on the device type. */
export function isPcWidth(width: number): boolean {
  return width > PC_BREAKPOINT;
}

export const layoutStore = proxy({
  isPc: typeof window === 'undefined' ? false : isPcWidth(window.innerWidth),
});

export const LAYOUT_REFRESH_DELAY_MS = 50;

/** Re-evaluates the device type 50 ms after the last resize (SPEC §9). */
export function trackLayout(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      layoutStore.isPc = isPcWidth(window.innerWidth);
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
