import { describe, expect, it } from 'vitest';
import { monthGrid, monthOf, shiftMonth } from '../../../src/features/member/calendar.ts';

describe('sign-in calendar', () => {
  it('moves between months across years', () => {
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
    expect(monthOf('2026-11-25')).toBe('2026-11');
  });

  it('lays a month out in Monday-first weeks', () => {
    // 1 November 2026 is a Sunday: six blanks, then the 1st in the last column.
    const november = monthGrid('2026-11');
    expect(november[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(november.flat().filter(Boolean)).toHaveLength(30);
    expect(november.every((week) => week.length === 7)).toBe(true);
    // February 2027 starts on a Monday and has 28 days: exactly four weeks.
    expect(monthGrid('2027-02')).toHaveLength(4);
    expect(monthGrid('2028-02').flat().filter(Boolean)).toHaveLength(29);
  });
});
