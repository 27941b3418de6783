import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageWidthFor } from '../../../protocol/image-widths.ts';

describe('imageWidthFor', () => {
  it('asks for the narrowest stored width within 10 % of the slot', () => {
    expect(imageWidthFor(340)).toBe(320); // a 170 px card at pixel ratio 2
    expect(imageWidthFor(356)).toBe(480); // 320 is more than 10 % short
    expect(imageWidthFor(750)).toBe(750); // a phone-wide banner at pixel ratio 2
    expect(imageWidthFor(1)).toBe(160);
    expect(imageWidthFor(1500)).toBe(1500);
  });

  it('answers null (the full size) past the widest step', () => {
    expect(imageWidthFor(1700)).toBeNull();
  });

  it('only ever answers a stored width', () => {
    for (let px = 1; px <= 1660; px += 7) {
      const w = imageWidthFor(px);
      if (w !== null) expect(IMAGE_WIDTHS).toContain(w);
    }
  });
});
