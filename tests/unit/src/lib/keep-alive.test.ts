import { describe, expect, it } from 'vitest';
import { restoredScroll } from '../../../../src/lib/keep-alive.ts';

describe('kept-alive pages', () => {
  const saved = new Map([
    ['/', 1200],
    ['/?id=101&tit=城市', 300],
    ['/actressList?tid=5', 80],
    ['/videoDetails?id=1001', 900],
  ]);

  it('restores home and actressList by their full path', () => {
    expect(restoredScroll('/', '/', saved)).toBe(1200);
    expect(restoredScroll('/', '/?id=101&tit=城市', saved)).toBe(300);
    expect(restoredScroll('/actressList', '/actressList?tid=5', saved)).toBe(80);
  });

  it('sends other pages and unseen paths to the top', () => {
    expect(restoredScroll('/videoDetails', '/videoDetails?id=1001', saved)).toBeNull();
    expect(restoredScroll('/', '/?id=102', saved)).toBeNull();
    expect(restoredScroll('/actressList', '/actressList', saved)).toBeNull();
  });
});
