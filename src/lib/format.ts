import { wholeSeconds } from '../../protocol/duration.ts';
import { currentLocale, i18n, type Locale } from '../i18n/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One decimal, rounded down so 9999 never reads as 10.0K; a trailing .0 is dropped. */
function oneDecimal(value: number): string {
  const floored = Math.floor(value * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/**
 * SPEC §9 in Chinese: 10000 or more shows W (万), 1000 or more shows K, one decimal. English uses
 * K, M and B the same way (rounded down, so 999999 never reads as 1000K).
 */
export function formatCount(n: number, locale: Locale = currentLocale()): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  if (locale !== 'zh-CN') {
    if (n >= 1e9) return `${oneDecimal(n / 1e9)}B`;
    if (n >= 1e6) return `${oneDecimal(n / 1e6)}M`;
    if (n >= 1e3) return `${oneDecimal(n / 1e3)}K`;
    return String(Math.floor(n));
  }
  if (n >= 10_000) return `${oneDecimal(n / 10_000)}W`;
  if (n >= 1_000) return `${oneDecimal(n / 1_000)}K`;
  return String(Math.floor(n));
}

const DIGITS = '零一二三四五六七八九';

/** An ordinal's number in the language's words: 一 … 九十九 in Chinese (第一辑), digits elsewhere. */
export function formatOrdinalNumber(n: number, locale: Locale = currentLocale()): string {
  if (locale !== 'zh-CN' || !Number.isInteger(n) || n < 1 || n > 99) return String(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens > 1 ? DIGITS[tens] : ''}${tens > 0 ? '十' : ''}${ones > 0 ? DIGITS[ones] : ''}`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The calendar date in local time: 2026年9月2日 in Chinese (SPEC §9), Sep 2, 2026 in English (what
 * Intl gives for en; spelled out here because a page's first Intl.DateTimeFormat costs more than
 * the list of cards it dates).
 */
export function formatDate(date: Date, locale: Locale = currentLocale()): string {
  if (locale === 'zh-CN') return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
  return `${EN_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 刚刚 / N分钟前 / N小时前 (or the language's own words), and over a day the calendar date. */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now(), locale: Locale = currentLocale()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  const t = i18n.getFixedT(locale);
  if (elapsed > DAY) return formatDate(date, locale);
  if (elapsed > HOUR) return t('time.hoursAgo', { n: Math.floor(elapsed / HOUR) });
  if (elapsed > MINUTE) return t('time.minutesAgo', { n: Math.floor(elapsed / MINUTE) });
  return t('time.justNow');
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * hh:mm:ss from one hour up, else mm:ss: a card's length, the player's clock and its length, watch
 * history. Whole seconds as the server stores them (protocol/duration.ts), so they always agree.
 */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size for people: 0 B, 812 KB, 3.2 MB, 1.5 GB (1024 per step, one decimal below 10). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${BYTE_UNITS[unit]}`;
}
