import { describe, expect, it } from 'vitest';
import { isPcWidth } from '../../../../src/stores/layout-store.ts';

describe('isPcWidth', () => {
  it('matches the x-ua rule: desktop above 824 px', () => {
    expect(isPcWidth(375)).toBe(false);
    expect(isPcWidth(824)).toBe(false);
    expect(isPcWidth(825)).toBe(true);
    expect(isPcWidth(1280)).toBe(true);
  });
});
