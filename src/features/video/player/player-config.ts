/** Player settings of SPEC §9, in one place; the optional behaviours are off by default. */
export const THUMBNAIL_SIZE = { width: 160, height: 90 } as const;
export const MINI_PROGRESS_HEIGHT_PX = 2;

export const DYNAMIC_BACKGROUND = { fps: 10, blurPx: 50, scale: 1.2, startFrames: 2 } as const;

/** Jumping small gaps in the buffered media. */
export const GAP_JUMP = { enabled: false, smallGapLimit: 0.5, threshold: 0.3, tolerance: 0.001 } as const;

/** While waiting for data too long, skip ahead a little, a bounded number of times. */
export const WAITING_JUMP = { enabled: false, waitMs: 15_000, jumpS: 2, maxJumps: 4 } as const;

/** Measuring the connection before choosing a quality. */
export const SPEED_TEST = { enabled: false, tests: 3, loadBytes: 200 * 1024, stepMs: 3000, samples: 5 } as const;

/** shaka settings for gap jumping, applied only when it is enabled. */
export function gapJumpShakaConfig(gap: { enabled: boolean; threshold: number; tolerance: number } = GAP_JUMP) {
  return gap.enabled ? { streaming: { gapDetectionThreshold: gap.threshold, gapPadding: gap.tolerance } } : {};
}

/** Where a waiting jump lands, or null when no jump is due (disabled, not waited long enough, or out of jumps). */
export function waitingJumpTarget(
  state: { waitedMs: number; jumps: number; time: number },
  config: { enabled: boolean; waitMs: number; jumpS: number; maxJumps: number } = WAITING_JUMP,
): number | null {
  if (!config.enabled || state.waitedMs < config.waitMs || state.jumps >= config.maxJumps) return null;
  return state.time + config.jumpS;
}

/**
 * Runs waiting jumps for one stream: while the media waits for data with playback wanted, each
 * `waitMs` without data moves it `jumpS` ahead, at most `maxJumps` times. Inert when disabled.
 */
export function waitingJumper(
  config: { enabled: boolean; waitMs: number; jumpS: number; maxJumps: number } = WAITING_JUMP,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
) {
  let jumps = 0;
  let timer: unknown;
  const stop = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };
  const arm = (media: { currentTime: number; paused: boolean }) => {
    timer = timers.set(() => {
      timer = undefined;
      if (media.paused) return;
      const target = waitingJumpTarget({ waitedMs: config.waitMs, jumps, time: media.currentTime }, config);
      if (target === null) return;
      jumps += 1;
      media.currentTime = target;
      // Still waiting after the jump: the next wait counts from here.
      arm(media);
    }, config.waitMs);
  };
  return {
    buffering(isBuffering: boolean, media: { currentTime: number; paused: boolean }) {
      stop();
      if (config.enabled && isBuffering && !media.paused) arm(media);
    },
    stop,
    get jumps() {
      return jumps;
    },
  };
}

/**
 * One speed sample: a ranged GET of `loadBytes` from `url` (a timestamp query defeats caches),
 * bytes per second from the Content-Length the server reports. Not run while SPEED_TEST is off.
 */
export async function measureSpeed(
  url: string,
  options: { loadBytes?: number; fetch?: typeof fetch; now?: () => number; timeoutMs?: number } = {},
): Promise<number> {
  const loadBytes = options.loadBytes ?? SPEED_TEST.loadBytes;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => performance.now());
  const target = new URL(url, 'http://localhost');
  target.searchParams.set('t', String(Date.now()));
  const started = now();
  const response = await doFetch(url.startsWith('http') ? target.href : target.pathname + target.search, {
    headers: { Range: `bytes=0-${loadBytes - 1}` },
    // The request budget of SPEC §9.
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const body = await response.arrayBuffer();
  const elapsedS = Math.max((now() - started) / 1000, 0.001);
  const length = Number(response.headers.get('content-length') ?? body.byteLength);
  return length / elapsedS;
}
