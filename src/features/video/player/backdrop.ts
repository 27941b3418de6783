import { FRAME_DONE, type BackdropMessage } from '../../../../workers/backdrop-messages.ts';

/** Draws the video's current frame into the player's small background canvas (CSS blurs and scales it). */
export interface Backdrop {
  draw(video: HTMLVideoElement): void;
  /** The player is gone: the worker stops, unless the same canvas comes back at once (React's StrictMode). */
  release(): void;
}

/** Frames handed to the worker and not drawn yet: the start frames, no backlog behind a slow worker. */
const MAX_IN_FLIGHT = 2;

interface WorkerBackdrop {
  worker: Worker | null;
  inFlight: number;
  stopping: ReturnType<typeof setTimeout> | undefined;
  /** Nothing more is sent: VideoFrame refused this video (a picture it may not read), or the canvas went with a stopped worker. */
  refused: boolean;
}

// A canvas hands its drawing over once and for all, so its worker lives as long as the canvas does.
const workers = new WeakMap<HTMLCanvasElement, WorkerBackdrop>();

const canDrawInWorker = (canvas: HTMLCanvasElement) =>
  typeof VideoFrame === 'function' && typeof Worker === 'function' && typeof canvas.transferControlToOffscreen === 'function';

/**
 * The background of `canvas`: drawn by a worker from VideoFrames where the browser has them, so the
 * main thread only wraps the frame; elsewhere drawn here with drawImage. The worker starts at the
 * first draw, once the video has a frame: nothing of it stands between the page and the picture.
 */
export function backdropOf(canvas: HTMLCanvasElement): Backdrop {
  if (!canDrawInWorker(canvas) && !workers.has(canvas)) return mainThreadBackdrop(canvas);
  let state = workers.get(canvas);
  if (!state) {
    state = { worker: null, inFlight: 0, stopping: undefined, refused: false };
    workers.set(canvas, state);
  }
  clearTimeout(state.stopping);
  const own = state;
  return {
    draw(video) {
      if (video.readyState < 2 || own.refused || own.inFlight >= MAX_IN_FLIGHT) return;
      let frame: VideoFrame;
      try {
        frame = new VideoFrame(video);
      } catch {
        own.refused = true;
        return;
      }
      try {
        own.worker ??= startWorker(canvas, own);
      } catch {
        frame.close();
        own.refused = true;
        return;
      }
      own.inFlight += 1;
      own.worker.postMessage({ frame } satisfies BackdropMessage, [frame]);
    },
    release() {
      clearTimeout(own.stopping);
      own.stopping = setTimeout(() => {
        if (!own.worker) return;
        own.worker.terminate();
        own.worker = null;
        // The canvas belongs to the stopped worker now: it cannot be handed over a second time.
        own.refused = true;
      }, 0);
    },
  };
}

function startWorker(canvas: HTMLCanvasElement, state: WorkerBackdrop): Worker {
  const worker = new Worker(new URL('../../../../workers/backdrop.worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent) => {
    if (event.data === FRAME_DONE) state.inFlight = Math.max(0, state.inFlight - 1);
  });
  const offscreen = canvas.transferControlToOffscreen();
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
