import { measureSpeed, SPEED_TEST } from './player-config.ts';

/**
 * The speed test of SPEC §9 (off by default): `tests` ranged GETs of `loadBytes`, `stepMs` apart;
 * the estimate is the median of the latest `samples` results. Each estimate becomes shaka's
 * starting bandwidth guess, so the first variant fits the connection before shaka has measured
 * anything itself; the stream waits for the first one, at most `stepMs`.
 */
export type SpeedTestConfig = { enabled: boolean; tests: number; loadBytes: number; stepMs: number; samples: number };

/** Read from the stream's own folder: its first 1080p segment (about 1 MB) is larger than loadBytes. */
export const SPEED_TEST_SEGMENT = 'chunk-2-00001.m4s';

export function speedTestUrl(manifestUrl: string): string {
  return manifestUrl.replace(/[^/?#]*([?#].*)?$/, SPEED_TEST_SEGMENT);
}

/** Median of the latest `samples` speeds, or null before the first. */
export function speedEstimate(speeds: readonly number[], samples: number): number | null {
  const recent = [...speeds.slice(-samples)].sort((a, b) => a - b);
  if (recent.length === 0) return null;
  const mid = Math.floor(recent.length / 2);
  return recent.length % 2 ? recent[mid]! : (recent[mid - 1]! + recent[mid]!) / 2;
}

export interface SpeedTestDeps {
  measure?: (url: string, loadBytes: number) => Promise<number>;
  sleep?: (ms: number) => Promise<void>;
}

export interface SpeedTestRun {
  /** Settles after the first test (or at once when disabled); never rejects. */
  first: Promise<void>;
  /** Settles when every test has run or the run was cancelled. */
  done: Promise<number | null>;
  cancel(): void;
}

/**
 * The shaka configuration that makes a measured `bitsPerSecond` its starting guess. The browser's own
 * figure (`navigator.connection.downlink`) is switched off for that: where there is one (Chromium,
 * Android's browsers) shaka prefers it to any default it is given, so the test's estimate did nothing.
 */
const measuredEstimateConfig = (bitsPerSecond: number) => ({ abr: { defaultBandwidthEstimate: bitsPerSecond, useNetworkInformation: false } });

interface Configurable {
  configure(config: ReturnType<typeof measuredEstimateConfig>): unknown;
}

export function startSpeedTest(player: Configurable, manifestUrl: string, config: SpeedTestConfig = SPEED_TEST, deps: SpeedTestDeps = {}): SpeedTestRun {
  if (!config.enabled) return { first: Promise.resolve(), done: Promise.resolve(null), cancel: () => undefined };
  const measure = deps.measure ?? ((url: string, loadBytes: number) => measureSpeed(url, { loadBytes }));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = speedTestUrl(manifestUrl);
  let cancelled = false;
  let firstDone: () => void = () => undefined;
  // The stream waits for the first estimate at most one step: a slow test must not hold playback.
  const first = new Promise<void>((resolve) => {
    firstDone = resolve;
    void sleep(config.stepMs).then(resolve);
  });
  const done = (async () => {
    const speeds: number[] = [];
    let estimate: number | null = null;
    for (let i = 0; i < config.tests && !cancelled; i += 1) {
      if (i > 0) await sleep(config.stepMs);
      if (cancelled) break;
      try {
        speeds.push(await measure(url, config.loadBytes));
      } catch {
        // A failed test only loses its sample; shaka measures on its own anyway.
      }
      estimate = speedEstimate(speeds, config.samples);
      // Bytes per second measured; shaka wants bits per second (and must not prefer the browser's figure).
      if (estimate !== null && !cancelled) player.configure(measuredEstimateConfig(Math.round(estimate * 8)));
      firstDone();
    }
    firstDone();
    return estimate === null ? null : estimate * 8;
  })();
  return {
    first,
    done,
    cancel: () => {
      cancelled = true;
      firstDone();
    },
  };
}
