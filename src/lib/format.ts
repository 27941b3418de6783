const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One decimal, rounded down so 9999 never reads as 10.0K; a trailing .0 is dropped. */
function oneDecimal(value: number): string {
  const floored = Math.floor(value * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/** SPEC §9: 10000 or more shows W (万), 1000 or more shows K, one decimal. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  if (n >= 10_000) return `${oneDecimal(n / 10_000)}W`;
  if (n >= 1_000) return `${oneDecimal(n / 1_000)}K`;
  return String(Math.floor(n));
}

/** 刚刚 / N分钟前 / N小时前, and over a day the Chinese calendar date in local time. */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed > DAY) return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
  if (elapsed > HOUR) return `${Math.floor(elapsed / HOUR)}小时前`;
  if (elapsed > MINUTE) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  return '刚刚';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss from one hour up, else mm:ss. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
