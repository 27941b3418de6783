import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatOrdinalNumber, formatRelativeTime } from '../../../../src/lib/format.ts';

describe('formatCount', () => {
  it('shows small counts as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });

  it('uses K from 1000 with one decimal', () => {
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(1500)).toBe('1.5K');
    expect(formatCount(9999)).toBe('9.9K');
  });

  it('uses W from 10000 with one decimal', () => {
    expect(formatCount(10_000)).toBe('1W');
    expect(formatCount(12_345)).toBe('1.2W');
    expect(formatCount(1_234_567)).toBe('123.4W');
  });

  it('treats bad input as zero', () => {
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-5)).toBe('0');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0).getTime();

  it('says 刚刚 within a minute', () => {
    expect(formatRelativeTime(now - 30_000, now)).toBe('刚刚');
    expect(formatRelativeTime(now, now)).toBe('刚刚');
  });

  it('counts minutes, then hours', () => {
    expect(formatRelativeTime(now - 5 * 60_000 - 1, now)).toBe('5分钟前');
    expect(formatRelativeTime(now - 3 * 3_600_000 - 1, now)).toBe('3小时前');
    expect(formatRelativeTime(now - 23 * 3_600_000 - 1, now)).toBe('23小时前');
  });

  it('shows the Chinese date beyond a day, from ISO strings too', () => {
    const old = new Date(2026, 0, 5, 8, 0, 0);
    expect(formatRelativeTime(old.toISOString(), now)).toBe('2026年1月5日');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatDuration', () => {
  it('uses mm:ss under an hour', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3599.9)).toBe('59:59');
  });

  it('uses hh:mm:ss from an hour', () => {
    expect(formatDuration(3600)).toBe('01:00:00');
    expect(formatDuration(3 * 3600 + 25 * 60 + 7)).toBe('03:25:07');
  });
});

describe('formatOrdinalNumber', () => {
  it('writes Chinese numerals for zh-CN ordinals (第一辑 … 第十二辑)', () => {
    expect([1, 2, 9, 10, 11, 12, 20, 21, 99].map((n) => formatOrdinalNumber(n, 'zh-CN'))).toEqual([
      '一',
      '二',
      '九',
      '十',
      '十一',
      '十二',
      '二十',
      '二十一',
      '九十九',
    ]);
  });
  it('keeps digits in English and outside 1..99', () => {
    expect(formatOrdinalNumber(3, 'en')).toBe('3');
    expect(formatOrdinalNumber(100, 'zh-CN')).toBe('100');
    expect(formatOrdinalNumber(0, 'zh-CN')).toBe('0');
  });
});
