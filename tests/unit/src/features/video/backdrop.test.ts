import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backdropOf } from '../../../../../src/features/video/player/backdrop.ts';
import { FRAME_DONE } from '../../../../../workers/backdrop-messages.ts';

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: { message: unknown; transfer: unknown[] }[] = [];
  terminated = false;
  private listeners: ((event: { data: unknown }) => void)[] = [];
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown, transfer: unknown[] = []) {
    this.posted.push({ message, transfer });
  }
  addEventListener(_type: string, listener: (event: { data: unknown }) => void) {
    this.listeners.push(listener);
  }
  answer(data: unknown) {
    for (const listener of this.listeners) listener({ data });
  }
  terminate() {
    this.terminated = true;
  }
}

class FakeFrame {
  /** The error the constructor throws, if any. */
  static refuse: string | null = null;
  closed = false;
  constructor(readonly source: unknown) {
    if (FakeFrame.refuse) throw new DOMException('refused', FakeFrame.refuse);
  }
  close() {
    this.closed = true;
  }
}

function canvas({ offscreen = true } = {}) {
  const drawn: unknown[] = [];
  const element = {
    width: 32,
    height: 18,
    transfers: 0,
    drawn,
    getContext: () => ({ drawImage: (source: unknown) => drawn.push(source) }),
    transferControlToOffscreen: offscreen
      ? () => {
          element.transfers += 1;
          return { offscreen: true };
        }
      : undefined,
  };
  return element;
}

const playing = { readyState: 4 } as HTMLVideoElement;
const asCanvas = (c: ReturnType<typeof canvas>) => c as unknown as HTMLCanvasElement;

beforeEach(() => {
  FakeWorker.made = [];
  FakeFrame.refuse = null;
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('VideoFrame', FakeFrame);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the player background', () => {
  it('hands the canvas to a worker at the first frame and sends it frames, at most two waiting', () => {
    const c = canvas();
    const backdrop = backdropOf(asCanvas(c));
    backdrop.draw({ readyState: 1 } as HTMLVideoElement);
    expect(FakeWorker.made).toHaveLength(0);
    backdrop.draw(playing);
    backdrop.draw(playing);
    backdrop.draw(playing);
    const [worker] = FakeWorker.made;
    expect(c.transfers).toBe(1);
    expect(c.drawn).toEqual([]);
    expect(worker!.posted.map((p) => Object.keys(p.message as object)[0])).toEqual(['canvas', 'frame', 'frame']);
    const frame = worker!.posted[1]!;
    expect(frame.transfer).toEqual([(frame.message as { frame: FakeFrame }).frame]);
    worker!.answer(FRAME_DONE);
    backdrop.draw(playing);
    expect(worker!.posted).toHaveLength(4);
  });

  it('keeps its worker when the same canvas comes back at once, and stops it when the player is gone', () => {
    vi.useFakeTimers();
    const c = canvas();
    const first = backdropOf(asCanvas(c));
    first.draw(playing);
    first.release();
    const again = backdropOf(asCanvas(c));
    vi.runAllTimers();
    again.draw(playing);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.terminated).toBe(false);
    expect(c.transfers).toBe(1);
    again.release();
    vi.runAllTimers();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    backdropOf(asCanvas(c)).draw(playing);
    expect(FakeWorker.made).toHaveLength(1);
    expect(c.transfers).toBe(1);
  });

  it('draws on the page where the browser has no OffscreenCanvas, or makes no VideoFrame of the video', () => {
    const old = canvas({ offscreen: false });
    backdropOf(asCanvas(old)).draw(playing);
    expect(old.drawn).toEqual([playing]);
    FakeFrame.refuse = 'SecurityError';
    const refused = canvas();
    const backdrop = backdropOf(asCanvas(refused));
    backdrop.draw(playing);
    backdrop.draw(playing);
    expect(refused.drawn).toEqual([playing, playing]);
    expect(refused.transfers).toBe(0);
    expect(FakeWorker.made).toHaveLength(0);
  });

  it('asks again while a video has no frame to wrap for a moment, and draws on the page only when that lasts', () => {
    vi.useFakeTimers();
    FakeFrame.refuse = 'InvalidStateError';
    const c = canvas();
    const backdrop = backdropOf(asCanvas(c));
    const paused = { readyState: 2 } as HTMLVideoElement;
    backdrop.draw(paused);
    vi.advanceTimersByTime(300);
    expect(c.drawn).toEqual([]);
    FakeFrame.refuse = null;
    // A paused video: the retry alone brings the frame to the worker.
    vi.advanceTimersByTime(100);
    expect(FakeWorker.made).toHaveLength(1);
    expect(c.drawn).toEqual([]);
    expect(FakeWorker.made[0]!.posted.map((p) => Object.keys(p.message as object)[0])).toEqual(['canvas', 'frame']);

    FakeFrame.refuse = 'InvalidStateError';
    const never = canvas();
    const stuck = backdropOf(asCanvas(never));
    stuck.draw(paused);
    vi.advanceTimersByTime(900);
    expect(never.drawn).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(never.drawn).toEqual([paused]);
    expect(never.transfers).toBe(0);
    stuck.draw(paused);
    expect(never.drawn).toEqual([paused, paused]);
  });
});
