import { describe, expect, it, vi } from 'vitest';
import {
  gapJumpShakaConfig,
  GAP_JUMP,
  measureSpeed,
  SPEED_TEST,
  WAITING_JUMP,
  waitingJumpTarget,
} from '../../../../src/features/video/player/player-config.ts';
import { STUCK_COUNTS, STUCK_START, stuckTick, type StuckState } from '../../../../src/features/video/player/stuck-detector.ts';
import { zhCN } from '../../../../src/i18n/zh-CN.ts';
import { zhCNPages } from '../../../../src/i18n/zh-CN.pages.ts';

/** Detector samples at these playback times, all while the player should play, or all paused. */
const ticks = (shouldPlay: boolean, ...times: number[]) => times.map((time) => ({ time, shouldPlay }));

function run(samples: { time: number; shouldPlay: boolean }[]): StuckState[] {
  const out: StuckState[] = [];
  let state = STUCK_START;
  for (const s of samples) out.push((state = stuckTick(state, s)));
  return out;
}

describe('stuck detection', () => {
  it('reports stuck after three ticks without progress while playing', () => {
    const states = run(ticks(true, 1, 2, 2, 2, 2));
    expect(states.map((s) => s.stuck)).toEqual([false, false, false, false, true]);
    expect(STUCK_COUNTS).toBe(3);
  });

  it('clears when the clock moves again and never fires while paused', () => {
    const states = run([...ticks(true, 2, 2, 2, 2, 2.5), ...ticks(false, 2.5, 2.5, 2.5, 2.5)]);
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

describe('the rest of SPEC §9 player values', async () => {
  const config = await import('../../../../src/features/video/player/player-config.ts');
  const stuck = await import('../../../../src/features/video/player/stuck-detector.ts');
  const errors = await import('../../../../src/features/video/player/player-errors.ts');

  it('thumbnail 160x90, mini progress 2, background 10 fps / blur 50px / scale 1.2 / 2 start frames, stuck 1000 ms x 3', () => {
    expect(config.THUMBNAIL_SIZE).toEqual({ width: 160, height: 90 });
    expect(config.MINI_PROGRESS_HEIGHT_PX).toBe(2);
    expect(config.DYNAMIC_BACKGROUND).toEqual({ fps: 10, blurPx: 50, scale: 1.2, startFrames: 2 });
    expect(stuck.STUCK_TICK_MS).toBe(1000);
    expect(stuck.STUCK_COUNTS).toBe(3);
  });

  it('has the eight player error types of SPEC §8, numbered 1 to 8, each labelled', () => {
    expect(errors.PLAYER_ERROR_TYPES).toEqual({ network: 1, mse: 2, parse: 3, format: 4, decoder: 5, runtime: 6, timeout: 7, other: 8 });
    for (const type of Object.values(errors.PLAYER_ERROR_TYPES)) expect(zhCNPages.player[`error${type}`], String(type)).toBeTruthy();
    expect(zhCNPages.player.error1).toBe('视频下载错误');
    expect(zhCNPages.player.error2).toBe('视频流追加错误');
    expect(zhCNPages.player.error7).toBe('视频播放超时');
    expect([zhCNPages.player.networkTip, zhCNPages.player.replay, zhCN.app.refresh]).toEqual(['网络连接似乎出现了问题', '重新播放', '刷新']);
  });
});

describe('waiting jumps (SPEC §9: off by default; 15 s wait, 2 s jump, at most 4)', async () => {
  const { WAITING_JUMP, waitingJumper } = await import('../../../../src/features/video/player/player-config.ts');

  function fakeTimers() {
    const pending = new Map<number, { fn: () => void; ms: number }>();
    let next = 1;
    return {
      pending,
      set: (fn: () => void, ms: number) => {
        pending.set(next, { fn, ms });
        return next++;
      },
      clear: (id: unknown) => pending.delete(id as number),
      fire() {
        const [id, entry] = [...pending.entries()][0]!;
        pending.delete(id);
        entry.fn();
      },
    };
  }

  it('never arms while off, the default', () => {
    const timers = fakeTimers();
    waitingJumper(WAITING_JUMP, timers).buffering(true, { currentTime: 3, paused: false });
    expect(timers.pending.size).toBe(0);
  });

  it('jumps 2 s after each 15 s wait, four times at most, and disarms when data arrives or playback pauses', () => {
    const timers = fakeTimers();
    const media = { currentTime: 3, paused: false };
    const jumper = waitingJumper({ ...WAITING_JUMP, enabled: true }, timers);
    jumper.buffering(true, media);
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([15_000]);
    timers.fire();
    expect(media.currentTime).toBe(5);
    for (let i = 0; i < 3; i += 1) timers.fire();
    expect(media.currentTime).toBe(11);
    expect(jumper.jumps).toBe(4);
    timers.fire();
    expect(media.currentTime).toBe(11);
    expect(timers.pending.size).toBe(0);

    const other = waitingJumper({ ...WAITING_JUMP, enabled: true }, timers);
    other.buffering(true, media);
    other.buffering(false, media);
    expect(timers.pending.size).toBe(0);
    other.buffering(true, { currentTime: 1, paused: true });
    expect(timers.pending.size).toBe(0);
  });
});
