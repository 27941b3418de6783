import { describe, expect, it } from 'vitest';
import { rootFontSize } from '../../../../src/lib/root-font.ts';

describe('rootFontSize (SPEC §9)', () => {
  it('gives 37.5 px per 375 px of width', () => {
    expect(rootFontSize(375)).toBe(37.5);
    expect(rootFontSize(320)).toBe(32);
    expect(rootFontSize(414)).toBeCloseTo(41.4);
  });

  it('caps phones wider than 428 px at 428', () => {
    expect(rootFontSize(428)).toBeCloseTo(42.8);
    expect(rootFontSize(500)).toBeCloseTo(42.8);
    expect(rootFontSize(824)).toBeCloseTo(42.8);
  });

  it('treats desktop widths (above 824) as 375', () => {
    expect(rootFontSize(825)).toBe(37.5);
    expect(rootFontSize(1920)).toBe(37.5);
  });

  it('never exceeds 85 px', () => {
    for (let width = 0; width <= 4000; width += 7) expect(rootFontSize(width)).toBeLessThanOrEqual(85);
  });
});
