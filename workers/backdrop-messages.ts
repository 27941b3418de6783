/**
 * The player's dynamic background, drawn in a worker (backdrop.worker.ts): the page hands over its
 * canvas once, then the video's current frame ten times a second. A frame is a VideoFrame, which
 * wraps the decoded picture without copying it, so the page's main thread no longer converts and
 * scales a whole 720p or 1080p picture for every draw (about 10 ms each on a phone without GPU
 * rasterisation: a tenth of the main thread while a video plays).
 */
export type BackdropMessage = { canvas: OffscreenCanvas } | { frame: VideoFrame };

/** The worker's answer after each frame it has drawn and released. */
export const FRAME_DONE = 'backdrop-frame-done';
