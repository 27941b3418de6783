// The arithmetic of the header's category menu (category-menu.tsx), apart so it is tested alone.

/**
 * How many items fit in `available` px, each `widths[i]` wide with `gap` between them: all of them,
 * or as many as leave room for the 更多 button (`moreWidth`) after them.
 */
export function fittingCount(widths: readonly number[], moreWidth: number, gap: number, available: number): number {
  const room = available + 0.5; // sub-pixel widths add up to a hair over a width that fits
  let used = 0;
  for (let i = 0; i < widths.length; i++) used += widths[i]! + (i > 0 ? gap : 0);
  if (used <= room) return widths.length;
  let count = widths.length;
  while (count > 0) {
    count--;
    used -= widths[count]! + (count > 0 ? gap : 0);
    if (used + (count > 0 ? gap : 0) + moreWidth <= room) return count;
  }
  return 0;
}
