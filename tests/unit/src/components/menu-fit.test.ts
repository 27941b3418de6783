import { describe, expect, it } from 'vitest';
import { fittingCount } from '../../../../src/components/menu-fit.ts';

describe('fittingCount (the header menu and its 更多)', () => {
  const widths = [50, 60, 70, 80];
  // All four with three gaps of 4: 260 + 12 = 272.

  it('keeps every item when they all fit, with no room left for 更多', () => {
    expect(fittingCount(widths, 40, 4, 272)).toBe(4);
    expect(fittingCount(widths, 40, 4, 1000)).toBe(4);
  });

  it('allows for sub-pixel rounding of a width that fits', () => {
    expect(fittingCount(widths, 40, 4, 271.6)).toBe(4);
  });

  it('drops items from the end until the rest and 更多 fit', () => {
    // Three items (180 + 8) and 更多 (4 + 40) need 232.
    expect(fittingCount(widths, 40, 4, 271)).toBe(3);
    expect(fittingCount(widths, 40, 4, 232)).toBe(3);
    expect(fittingCount(widths, 40, 4, 231)).toBe(2);
    // Only 更多: every item is in its menu.
    expect(fittingCount(widths, 40, 4, 60)).toBe(0);
    expect(fittingCount(widths, 40, 4, 0)).toBe(0);
  });

  it('handles an empty menu', () => {
    expect(fittingCount([], 40, 4, 100)).toBe(0);
  });
});
