/** The sign-in calendar's arithmetic on YYYY-MM months and YYYY-MM-DD days (no time zones: the server says which day is today). */

const pad = (n: number) => String(n).padStart(2, '0');

/** The month `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/**
 * The month as weeks of seven cells, Monday first: each cell is a day (YYYY-MM-DD) of the month or
 * null before the first and after the last.
 */
export function monthGrid(month: string): (string | null)[][] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  // getUTCDay: 0 Sunday … 6 Saturday; Monday-first offset.
  const lead = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The month a day falls in. */
export const monthOf = (day: string): string => day.slice(0, 7);
