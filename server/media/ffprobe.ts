/**
 * Probing with ffprobe (the operators' import): FFPROBE_PATH, else `ffprobe` on PATH, else the static
 * build of @ffprobe-installer/ffprobe, as ffmpeg.ts finds ffmpeg. ffprobe's JSON names every stream
 * exactly; when no ffprobe runs here at all, ffmpeg's own description (probe.ts) answers the same
 * questions. Either way a file is judged by its content, never its name.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { probeMedia, ProbeError, VIDEO_CONTAINERS, type MediaProbe } from './probe.ts';

/** FFPROBE_PATH, else `ffprobe` on PATH, else the npm package's binary; null when none runs. */
export function locateFfprobe(override: string | null = process.env.FFPROBE_PATH || null): string | null {
  if (override) return override;
  if (spawnSync('ffprobe', ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0) return 'ffprobe';
  try {
    const installer = createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string };
    if (spawnSync(installer.path, ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0) return installer.path;
  } catch {
    // Not installed for this platform: ffmpeg describes the file instead.
  }
  return null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
}

const rate = (text: string | undefined): number | null => {
  const [n, d] = (text ?? '').split('/').map(Number);
  return n && d ? n / d : null;
};

/** Reads ffprobe's JSON into the probe every media step takes; null when ffprobe found no container. Exported for tests. */
export function parseFfprobe(output: FfprobeOutput): MediaProbe | null {
  const formatName = output.format?.format_name;
  if (!formatName) return null;
  // ffprobe names a family (mov,mp4,m4a,3gp,3g2,mj2): its first member is the demuxer.
  const container = formatName.split(',')[0]!.trim();
  const durationS = Number(output.format?.duration ?? 0) || 0;
  let video: MediaProbe['video'] = null;
  let audio: MediaProbe['audio'] = null;
  for (const stream of output.streams ?? []) {
    if (stream.codec_type === 'audio') audio ??= { codec: stream.codec_name ?? 'unknown' };
    // A cover picture stored with the sound is not a video.
    if (stream.codec_type !== 'video' || stream.disposition?.attached_pic === 1 || video) continue;
    let width = stream.width ?? 0;
    let height = stream.height ?? 0;
    const rotation = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? Number(stream.tags?.rotate ?? 0);
    if (Math.abs(Math.round(rotation)) % 180 === 90) [width, height] = [height, width];
    if (width > 0 && height > 0)
      video = { codec: stream.codec_name ?? 'unknown', width, height, fps: rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate) };
  }
  return { container, durationS, video, audio };
}

function runFfprobe(ffprobe: string, file: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
      signal,
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 1_000_000) stdout += d.toString();
    });
    child.on('error', reject);
    // ffprobe exits non-zero for what it cannot read: that is an answer (not a video), not a failure.
    child.on('close', () => resolve(stdout));
  });
}

/**
 * Probes a file by its content with ffprobe (ffmpeg when `ffprobe` is null). Not a video container:
 * ProbeError('not-video'); no picture stream: 'no-video-stream'.
 */
export async function probeFile(
  ffprobe: string | null,
  ffmpeg: string,
  file: string,
  signal?: AbortSignal,
): Promise<MediaProbe & { video: NonNullable<MediaProbe['video']> }> {
  if (!ffprobe) return probeMedia(ffmpeg, file, signal);
  let output: FfprobeOutput = {};
  try {
    output = JSON.parse((await runFfprobe(ffprobe, file, signal)) || '{}') as FfprobeOutput;
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  const probe = parseFfprobe(output);
  if (!probe || !VIDEO_CONTAINERS.has(probe.container)) throw new ProbeError('not-video');
  if (!probe.video) throw new ProbeError('no-video-stream');
  if (!(probe.durationS > 0)) throw new ProbeError('not-video');
  return { ...probe, video: probe.video };
}
