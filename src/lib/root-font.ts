import { PC_BREAKPOINT } from '../../protocol/ua.ts';

const DESIGN_WIDTH = 375;
const DESIGN_FONT_SIZE = 37.5;
const MAX_MOBILE_WIDTH = 428;
const MAX_FONT_SIZE = 85;

/**
 * Root font size of SPEC §9: 37.5 px per 375 px of width. Desktop widths use the design width so
 * rem-based mobile components keep their size, and phones wider than 428 px stop growing.
 */
export function rootFontSize(width: number): number {
  let effective = width;
  if (effective > PC_BREAKPOINT) effective = DESIGN_WIDTH;
  else if (effective > MAX_MOBILE_WIDTH) effective = MAX_MOBILE_WIDTH;
  return Math.min((effective * DESIGN_FONT_SIZE) / DESIGN_WIDTH, MAX_FONT_SIZE);
}

export const ROOT_FONT_LATE_CHECK_MS = 300;

/** Applies the rule on load, on resize and once more 300 ms after start (late viewport settling). */
export function trackRootFont(): () => void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
  };
  apply();
  const late = setTimeout(apply, ROOT_FONT_LATE_CHECK_MS);
  window.addEventListener('resize', apply);
  window.addEventListener('load', apply);
  return () => {
    clearTimeout(late);
    window.removeEventListener('resize', apply);
    window.removeEventListener('load', apply);
  };
}
