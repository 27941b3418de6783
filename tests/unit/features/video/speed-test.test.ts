import { describe, expect, it, vi } from 'vitest';
import { SPEED_TEST } from '../../../../src/features/video/player/player-config.ts';
import { speedEstimate, speedTestUrl, startSpeedTest, type SpeedTestConfig } from '../../../../src/features/video/player/speed-test.ts';

const ON: SpeedTestConfig = { ...SPEED_TEST, enabled: true };
const MANIFEST = 'http://127.0.0.1:8103/media/video/clip-2/manifest.mpd';

function fakePlayer() {
  return { configure: vi.fn((_config: { abr: { defaultBandwidthEstimate: number; useNetworkInformation: boolean } }) => true) };
}

describe('speed test (SPEC §9: 3 tests, 200 KB, 3000 ms step, 5 samples; off by default)', () => {
  it('does nothing at all while off, which is the default', async () => {
    const player = fakePlayer();
    const measure = vi.fn(async () => 1);
    const run = startSpeedTest(player, MANIFEST, SPEED_TEST, { measure });
    await run.first;
    expect(await run.done).toBeNull();
    expect(measure).not.toHaveBeenCalled();
    expect(player.configure).not.toHaveBeenCalled();
    expect(SPEED_TEST.enabled).toBe(false);
  });

  it('reads a segment beside the manifest', () => {
    expect(speedTestUrl(MANIFEST)).toBe('http://127.0.0.1:8103/media/video/clip-2/chunk-2-00001.m4s');
    expect(speedTestUrl('/media/video/clip-1/manifest.mpd?x=1')).toBe('/media/video/clip-1/chunk-2-00001.m4s');
  });

  it('estimates with the median of the latest five samples', () => {
    expect(speedEstimate([], 5)).toBeNull();
    expect(speedEstimate([300], 5)).toBe(300);
    expect(speedEstimate([100, 300], 5)).toBe(200);
    expect(speedEstimate([900, 100, 300], 5)).toBe(300);
    // The oldest of six falls out of the window.
    expect(speedEstimate([1, 50, 60, 70, 80, 90], 5)).toBe(70);
  });

  it('runs three 200 KB tests 3000 ms apart and hands shaka each estimate in bits per second', async () => {
    const player = fakePlayer();
    const speeds = [100_000, 400_000, 250_000];
    const measure = vi.fn(async (_url: string, _bytes: number) => speeds.shift()!);
    const sleep = vi.fn(async (_ms: number) => undefined);
    const run = startSpeedTest(player, MANIFEST, ON, { measure, sleep });
    expect(await run.done).toBe(250_000 * 8);
    expect(measure).toHaveBeenCalledTimes(3);
    expect(measure.mock.calls.every(([url, bytes]) => url.endsWith('/clip-2/chunk-2-00001.m4s') && bytes === 204_800)).toBe(true);
    // One step bounds the wait for the first estimate; two steps separate the three tests.
    expect(sleep.mock.calls).toEqual([[3000], [3000], [3000]]);
    expect(player.configure.mock.calls.map(([c]) => c.abr.defaultBandwidthEstimate)).toEqual([800_000, 2_000_000, 2_000_000]);
    // Where the browser reports a downlink, shaka would use it instead of the estimate.
    expect(player.configure.mock.calls.every(([c]) => c.abr.useNetworkInformation === false)).toBe(true);
  });

  it('lets the stream load after the first test even when it fails, and stops when cancelled', async () => {
    const player = fakePlayer();
    let release: () => void = () => undefined;
    const measure = vi.fn<(url: string, bytes: number) => Promise<number>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(500);
    const sleep = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const run = startSpeedTest(player, MANIFEST, ON, { measure, sleep });
    await run.first;
    expect(player.configure).not.toHaveBeenCalled();
    run.cancel();
    release();
    expect(await run.done).toBeNull();
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('lets the stream load after one step when the first test hangs', async () => {
    const player = fakePlayer();
    const measure = vi.fn(() => new Promise<number>(() => undefined));
    const steps: number[] = [];
    const run = startSpeedTest(player, MANIFEST, ON, { measure, sleep: async (ms) => void steps.push(ms) });
    await run.first;
    expect(steps).toEqual([3000]);
    expect(player.configure).not.toHaveBeenCalled();
    run.cancel();
  });
});
