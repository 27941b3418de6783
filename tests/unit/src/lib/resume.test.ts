import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFinished, RESUME_MARGIN_S, resumePosition } from '../../../../src/lib/resume.ts';

describe('resumePosition', () => {
  it('resumes strictly inside the 5 s margins', () => {
    expect(resumePosition(42, 120)).toBe(42);
    expect(resumePosition(5.5, 120)).toBe(5.5);
    expect(resumePosition(5, 120)).toBeNull();
    expect(resumePosition(2, 120)).toBeNull();
    expect(resumePosition(115, 120)).toBeNull();
    expect(resumePosition(118, 120)).toBeNull();
    expect(resumePosition(114.9, 120)).toBe(114.9);
  });

  it('ignores missing or corrupt records and unknown durations', () => {
    expect(resumePosition(undefined, 120)).toBeNull();
    expect(resumePosition('42', 120)).toBeNull();
    expect(resumePosition(Number.NaN, 120)).toBeNull();
    expect(resumePosition(42, 0)).toBeNull();
    expect(resumePosition(42, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('never returns a position outside (margin, duration - margin), the margin shrinking for short clips', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.double({ noNaN: true, min: -1e6, max: 1e6 }), (position, duration) => {
        const result = resumePosition(position, duration);
        if (result === null) return;
        const margin = Math.min(RESUME_MARGIN_S, duration / 5);
        expect(result).toBe(position);
        expect(result).toBeGreaterThan(margin);
        expect(result).toBeLessThan(duration - margin);
        expect(isFinished(result, duration)).toBe(false);
      }),
    );
  });
});

describe('short clips and finishing', () => {
  it('resumes a short clip mid-way with proportional margins', () => {
    expect(resumePosition(4, 8)).toBe(4);
    expect(resumePosition(1.5, 8)).toBeNull();
    expect(resumePosition(6.5, 8)).toBeNull();
  });

  it('counts a video as finished near its end', () => {
    expect(isFinished(117, 120)).toBe(true);
    expect(isFinished(116.9, 120)).toBe(false);
    expect(isFinished(6.5, 8)).toBe(true);
    expect(isFinished(6, 8)).toBe(false);
    expect(isFinished(5, 0)).toBe(false);
    expect(isFinished(Number.NaN, 8)).toBe(false);
  });
});
