import { describe, expect, it } from 'vitest';
import { PULL_THRESHOLD_PX, pullDistance, pullLabel } from '../../../../src/components/pull-gesture.ts';

describe('pull to refresh', () => {
  it('moves the content at half the finger speed, never upward, and no further than its limit', () => {
    expect(pullDistance(-50)).toBe(0);
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(40)).toBe(20);
    expect(pullDistance(PULL_THRESHOLD_PX * 2)).toBe(PULL_THRESHOLD_PX);
    expect(pullDistance(10_000)).toBe(112);
  });

  it('names each phase', () => {
    expect(pullLabel('pulling')).toBe('下拉刷新');
    expect(pullLabel('idle')).toBe('下拉刷新');
    expect(pullLabel('armed')).toBe('释放刷新');
    expect(pullLabel('refreshing')).toBe('正在刷新…');
  });
});
