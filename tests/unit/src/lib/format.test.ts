import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDate, formatDuration, formatOrdinalNumber, formatRelativeTime } from '../../../../src/lib/format.ts';

describe('formatCount', () => {
  it.each([
    ['shows small counts as they are', [0, '0'], [999, '999']],
    ['uses K from 1000 with one decimal', [1000, '1K'], [1500, '1.5K'], [9999, '9.9K']],
    ['uses W from 10000 with one decimal', [10_000, '1W'], [12_345, '1.2W'], [1_234_567, '123.4W']],
    ['treats bad input as zero', [Number.NaN, '0'], [-5, '0']],
  ] as [string, ...[number, string][]][])('%s', (_rule, ...cases) => {
    for (const [count, text] of cases) expect(formatCount(count)).toBe(text);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0).getTime();

  it.each([
    ['says 刚刚 within a minute', [now - 30_000, '刚刚'], [now, '刚刚']],
    ['counts minutes, then hours', [now - 5 * 60_000 - 1, '5分钟前'], [now - 3 * 3_600_000 - 1, '3小时前'], [now - 23 * 3_600_000 - 1, '23小时前']],
    ['shows the Chinese date beyond a day, from ISO strings too', [new Date(2026, 0, 5, 8, 0, 0).toISOString(), '2026年1月5日']],
    ['returns an empty string for an invalid date', ['not a date', '']],
  ] as [string, ...[number | string, string][]][])('%s', (_rule, ...cases) => {
    for (const [time, text] of cases) expect(formatRelativeTime(time, now)).toBe(text);
  });
});

describe('formatDate', () => {
  it('writes English dates as Intl does for en, every month', () => {
    const intl = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 9);
      expect(formatDate(date, 'en')).toBe(intl.format(date));
    }
  });
});

describe('formatDuration', () => {
  it.each([
    ['uses mm:ss under an hour', [0, '00:00'], [65, '01:05'], [3599.9, '59:59']],
    ['uses hh:mm:ss from an hour', [3600, '01:00:00'], [3 * 3600 + 25 * 60 + 7, '03:25:07']],
    // The whole seconds the server stores (protocol/duration.ts): an 8 s clip the browser reports as 7.999999 s reads 00:08.
    ['rounds as durations are stored', [7.999999, '00:08'], [7.96, '00:08'], [7.9, '00:07'], [Number.NaN, '00:00'], [-1, '00:00']],
  ] as [string, ...[number, string][]][])('%s', (_rule, ...cases) => {
    for (const [seconds, text] of cases) expect(formatDuration(seconds)).toBe(text);
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

describe('formatBytes', () => {
  it('steps by 1024 with one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(812 * 1024)).toBe('812 KB');
    expect(formatBytes(3.24 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});
