import { FRAME_DONE, type BackdropMessage } from '../../../../workers/backdrop-messages.ts';

/** Draws the video's current frame into the player's small background canvas (CSS blurs and scales it). */
export interface Backdrop {
  draw(video: HTMLVideoElement): void;
  /** The player is gone: the worker stops, unless the same canvas comes back at once (React's StrictMode). */
  release(): void;
}

/** Frames handed to the worker and not drawn yet: the start frames, no backlog behind a slow worker. */
const MAX_IN_FLIGHT = 2;
/**
 * A video that has a frame by its ready state may still have none to wrap for a moment (a busy
 * machine's decoder): the frame is asked for again this soon, and only a refusal this long makes
 * the page draw it itself. A refusal on security grounds is final at once.
 */
const RETRY_MS = 100;
const REFUSED_FOR_MS = 1000;

interface CanvasBackdrop {
  worker: Worker | null;
  /** Drawn on the page after all: the browser made no VideoFrame of this video before the canvas went to a worker. */
  page: Backdrop | null;
  inFlight: number;
  stopping: ReturnType<typeof setTimeout> | undefined;
  /** The canvas went with a stopped worker: it cannot be handed over a second time, nothing more is drawn. */
  done: boolean;
  /** Since when the browser refuses to make a VideoFrame of the video (none before the worker started). */
  refusedSince: number | undefined;
  retry: ReturnType<typeof setTimeout> | undefined;
}

// A canvas hands its drawing over once and for all, so its worker lives as long as the canvas does.
const backdrops = new WeakMap<HTMLCanvasElement, CanvasBackdrop>();

const canDrawInWorker = (canvas: HTMLCanvasElement) =>
  typeof VideoFrame === 'function' && typeof Worker === 'function' && typeof canvas.transferControlToOffscreen === 'function';

/**
 * The background of `canvas`: drawn by a worker from VideoFrames where the browser has them, so the
 * main thread only wraps the frame; elsewhere drawn here with drawImage. The worker starts at the
 * first draw, once the video has a frame: nothing of it stands between the page and the picture.
 */
export function backdropOf(canvas: HTMLCanvasElement): Backdrop {
  if (!canDrawInWorker(canvas) && !backdrops.has(canvas)) return mainThreadBackdrop(canvas);
  let state = backdrops.get(canvas);
  if (!state) {
    state = { worker: null, page: null, inFlight: 0, stopping: undefined, done: false, refusedSince: undefined, retry: undefined };
    backdrops.set(canvas, state);
  }
  clearTimeout(state.stopping);
  const own = state;
  const backdrop: Backdrop = {
    draw(video) {
      if (own.page) return own.page.draw(video);
      if (video.readyState < 2 || own.done || own.inFlight >= MAX_IN_FLIGHT) return;
      let frame: VideoFrame;
      try {
        frame = new VideoFrame(video);
      } catch (error) {
        // Before the canvas is handed over, the page can still draw it itself.
        if (own.worker) return;
        const now = performance.now();
        own.refusedSince ??= now;
        if ((error as DOMException).name === 'SecurityError' || now - own.refusedSince >= REFUSED_FOR_MS) {
          clearTimeout(own.retry);
          own.page = mainThreadBackdrop(canvas);
          own.page.draw(video);
        } else {
          // A paused video is drawn again by no timer of the player's: ask here.
          clearTimeout(own.retry);
          own.retry = setTimeout(() => backdrop.draw(video), RETRY_MS);
        }
        return;
      }
      own.refusedSince = undefined;
      clearTimeout(own.retry);
      if (!own.worker) {
        try {
          own.worker = startWorker(canvas, own);
        } catch {
          frame.close();
          own.done = true;
          return;
        }
      }
      own.inFlight += 1;
      own.worker.postMessage({ frame } satisfies BackdropMessage, [frame]);
    },
    release() {
      clearTimeout(own.stopping);
      clearTimeout(own.retry);
      own.stopping = setTimeout(() => {
        if (!own.worker) return;
        own.worker.terminate();
        own.worker = null;
        own.done = true;
      }, 0);
    },
  };
  return backdrop;
}

function startWorker(canvas: HTMLCanvasElement, state: CanvasBackdrop): Worker {
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('../../../../workers/backdrop.worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent) => {
    if (event.data === FRAME_DONE) state.inFlight = Math.max(0, state.inFlight - 1);
  });
  worker.postMessage({ canvas: offscreen } satisfies BackdropMessage, [offscreen]);
  return worker;
}

function mainThreadBackdrop(canvas: HTMLCanvasElement): Backdrop {
  const context = canvas.getContext('2d');
  return {
    draw(video) {
      if (context && video.readyState >= 2) context.drawImage(video, 0, 0, canvas.width, canvas.height);
    },
    release() {},
  };
}
