import { describe, expect, it, vi } from 'vitest';
import { gapJumpShakaConfig, GAP_JUMP, measureSpeed, SPEED_TEST, WAITING_JUMP, waitingJumpTarget } from '../../../../src/features/video/player/player-config.ts';
import { STUCK_COUNTS, STUCK_START, stuckTick, type StuckState } from '../../../../src/features/video/player/stuck-detector.ts';

function run(samples: { time: number; shouldPlay: boolean }[]): StuckState[] {
  const out: StuckState[] = [];
  let state = STUCK_START;
  for (const s of samples) out.push((state = stuckTick(state, s)));
  return out;
}

describe('stuck detection', () => {
  it('reports stuck after three ticks without progress while playing', () => {
    const states = run([
      { time: 1, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
    ]);
    expect(states.map((s) => s.stuck)).toEqual([false, false, false, false, true]);
    expect(STUCK_COUNTS).toBe(3);
  });

  it('clears when the clock moves again and never fires while paused', () => {
    const states = run([
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2, shouldPlay: true },
      { time: 2.5, shouldPlay: true },
      { time: 2.5, shouldPlay: false },
      { time: 2.5, shouldPlay: false },
      { time: 2.5, shouldPlay: false },
      { time: 2.5, shouldPlay: false },
    ]);
    expect(states.map((s) => s.stuck)).toEqual([false, false, false, true, false, false, false, false, false]);
  });
});

describe('player settings of SPEC §9', () => {
  it('keeps gap jumping, waiting jumps and the speed test off by default with the spec values', () => {
    expect(GAP_JUMP).toEqual({ enabled: false, smallGapLimit: 0.5, threshold: 0.3, tolerance: 0.001 });
    expect(WAITING_JUMP).toEqual({ enabled: false, waitMs: 15_000, jumpS: 2, maxJumps: 4 });
    expect(SPEED_TEST).toEqual({ enabled: false, tests: 3, loadBytes: 204_800, stepMs: 3000, samples: 5 });
    expect(gapJumpShakaConfig()).toEqual({});
    expect(gapJumpShakaConfig({ ...GAP_JUMP, enabled: true })).toEqual({ streaming: { gapDetectionThreshold: 0.3, gapPadding: 0.001 } });
  });

  it('jumps ahead after waiting long enough, at most four times, only when enabled', () => {
    const on = { ...WAITING_JUMP, enabled: true };
    expect(waitingJumpTarget({ waitedMs: 20_000, jumps: 0, time: 10 })).toBeNull();
    expect(waitingJumpTarget({ waitedMs: 14_999, jumps: 0, time: 10 }, on)).toBeNull();
    expect(waitingJumpTarget({ waitedMs: 15_000, jumps: 3, time: 10 }, on)).toBe(12);
    expect(waitingJumpTarget({ waitedMs: 15_000, jumps: 4, time: 10 }, on)).toBeNull();
  });

  it('measures speed with a ranged request and the reported length', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      expect((init?.headers as Record<string, string>).Range).toBe('bytes=0-204799');
      return new Response(new Uint8Array(1000), { headers: { 'content-length': '204800' } });
    });
    let clock = 0;
    const speed = await measureSpeed('/media/video/clip-1/init-0.m4s', { fetch: fetchMock as unknown as typeof fetch, now: () => (clock += 500) });
    expect(speed).toBe(204_800 / 0.5);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/media\/video\/clip-1\/init-0\.m4s\?t=\d+$/);
  });
});

describe('gestures and keys', async () => {
  const { doubleTapSeek, keyAction, tapZone } = await import('../../../../src/features/video/player/gestures.ts');

  it('splits the surface in thirds', () => {
    expect(tapZone(10, 300)).toBe('left');
    expect(tapZone(150, 300)).toBe('middle');
    expect(tapZone(290, 300)).toBe('right');
    expect(tapZone(5, 0)).toBe('middle');
  });

  it('seeks 10 s on a quick second tap on the same side only', () => {
    expect(doubleTapSeek(null, { at: 0, zone: 'left' })).toBe(0);
    expect(doubleTapSeek({ at: 0, zone: 'left' }, { at: 200, zone: 'left' })).toBe(-10);
    expect(doubleTapSeek({ at: 0, zone: 'right' }, { at: 300, zone: 'right' })).toBe(10);
    expect(doubleTapSeek({ at: 0, zone: 'right' }, { at: 301, zone: 'right' })).toBe(0);
    expect(doubleTapSeek({ at: 0, zone: 'left' }, { at: 100, zone: 'right' })).toBe(0);
    expect(doubleTapSeek({ at: 0, zone: 'middle' }, { at: 100, zone: 'middle' })).toBe(0);
  });

  it('maps the desktop shortcuts', () => {
    expect([' ', 'k', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'm', 'f', 'Escape', 'x'].map(keyAction)).toEqual([
      'toggle',
      'toggle',
      'back',
      'forward',
      'volumeUp',
      'volumeDown',
      'mute',
      'fullscreen',
      'closeMenu',
      null,
    ]);
  });
});
