import { describe, expect, it } from 'vitest';
import { PLAYBACK_RATES, activeHeight, qualityLabel, qualityOptions } from '../../../../src/features/video/player/quality.ts';

const track = (id: number, height: number | null, bandwidth: number, active = false) => ({ id, height, bandwidth, active });

describe('qualityLabel', () => {
  it('labels heights as shown in the menu', () => {
    expect(qualityLabel(1080)).toBe('1080P');
    expect(qualityLabel(720)).toBe('720P');
    expect(qualityLabel(360)).toBe('360P');
    expect(qualityLabel(1440)).toBe('2K');
    expect(qualityLabel(2160)).toBe('4K');
  });
});

describe('qualityOptions', () => {
  it('lists each height once, tallest first, keeping the richest variant of a height', () => {
    const tracks = [track(1, 360, 600_000), track(2, 1080, 4_000_000), track(3, 720, 2_000_000), track(4, 720, 2_200_000, true)];
    const options = qualityOptions(tracks);
    expect(options.map((option) => option.label)).toEqual(['1080P', '720P', '360P']);
    expect(options[1]?.track.id).toBe(4);
  });

  it('skips audio-only variants without a height', () => {
    expect(qualityOptions([track(1, null, 128_000), track(2, 0, 1)])).toEqual([]);
  });
});

describe('activeHeight', () => {
  it('reports the active variant height, or null before tracks exist', () => {
    expect(activeHeight([track(1, 360, 1), track(2, 720, 2, true)])).toBe(720);
    expect(activeHeight([])).toBeNull();
  });
});

describe('playback rates', () => {
  it('offers the six speeds of the menu', () => {
    expect([...PLAYBACK_RATES]).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
  });
});
