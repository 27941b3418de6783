import { spawn } from 'node:child_process';

/** What a media file holds, as ffmpeg reads it (its content, never its name). */
export interface MediaProbe {
  /** The demuxer ffmpeg chose: `mov`, `matroska`, `avi`, … */
  container: string;
  durationS: number;
  video: {
    codec: string;
    /** Displayed size: a phone's rotated recording is taller than wide, as it plays. */
    width: number;
    height: number;
    fps: number | null;
  } | null;
  audio: { codec: string } | null;
}

/**
 * Containers a video arrives in. ffmpeg also "reads" text (as tty), pictures (png_pipe, image2) and
 * more as one-frame videos; those are not videos here.
 */
export const VIDEO_CONTAINERS = new Set([
  'mov',
  'matroska',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'ogg',
  'asf',
  'h264',
  'hevc',
  'rm',
  'mxf',
  'dv',
  'nut',
  'm4v',
  'mpegvideo',
]);

export class ProbeError extends Error {
  constructor(readonly reason: 'not-video' | 'no-video-stream') {
    super(reason === 'not-video' ? 'the file is not a video' : 'the file has no video stream');
    this.name = 'ProbeError';
  }
}

/** ffmpeg's description of its input (stderr of `ffmpeg -i file` with no output, which exits 1). */
function describe(ffmpeg: string, file: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      // The header is what matters; a damaged file may print a lot after it.
      if (stderr.length < 64_000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(stderr));
  });
}

const seconds = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/** Reads ffmpeg's description of one input. Exported for tests of unusual files. */
export function parseProbe(text: string): MediaProbe | null {
  const input = /^Input #0, ([^\n]+?), from /m.exec(text);
  if (!input) return null;
  const container = input[1]!.split(',')[0]!.trim();
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  const durationS = duration ? seconds(duration[1]!, duration[2]!, duration[3]!) : 0;
  // Each stream's line and what follows it up to the next stream.
  const blocks = text.split(/\n(?=\s*Stream #0:)/).filter((b) => /^\s*Stream #0:/.test(b));
  let video: MediaProbe['video'] = null;
  let audio: MediaProbe['audio'] = null;
  for (const block of blocks) {
    const line = block.split('\n')[0]!;
    const kind = /: (Video|Audio): (\w+)/.exec(line);
    if (!kind) continue;
    if (kind[1] === 'Audio') {
      audio ??= { codec: kind[2]! };
      continue;
    }
    // A cover picture inside an audio file is not a video.
    if (video || line.includes('(attached pic)')) continue;
    const size = /, (\d{2,5})x(\d{2,5})[,\s]/.exec(line);
    if (!size) continue;
    let width = Number(size[1]);
    let height = Number(size[2]);
    const rotation = /rotate\s*:\s*(-?\d+)/.exec(block)?.[1] ?? /rotation of (-?[\d.]+) degrees/.exec(block)?.[1];
    if (rotation && Math.abs(Math.round(Number(rotation))) % 180 === 90) [width, height] = [height, width];
    const fps = /, ([\d.]+) fps/.exec(line);
    video = { codec: kind[2]!, width, height, fps: fps ? Number(fps[1]) : null };
  }
  return { container, durationS, video, audio };
}

/**
 * Probes a file by its content. Not a video container (text, pictures, documents, damaged files):
 * ProbeError('not-video'); a container without a picture stream (audio only): 'no-video-stream'.
 */
export async function probeMedia(ffmpeg: string, file: string, signal?: AbortSignal): Promise<MediaProbe & { video: NonNullable<MediaProbe['video']> }> {
  const probe = parseProbe(await describe(ffmpeg, file, signal));
  if (!probe || !VIDEO_CONTAINERS.has(probe.container)) throw new ProbeError('not-video');
  if (!probe.video) throw new ProbeError('no-video-stream');
  if (!(probe.durationS > 0)) throw new ProbeError('not-video');
  return { ...probe, video: probe.video };
}
