import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Rendition } from '../../protocol/api.ts';
import { runFfmpeg } from './ffmpeg.ts';

export const CLIP_SECONDS = 8;
const FPS = 24;
const SEGMENT_SECONDS = 2;

export const RENDITIONS: Rendition[] = [
  { width: 640, height: 360, bandwidth: 700_000, label: '360p' },
  { width: 1280, height: 720, bandwidth: 2_000_000, label: '720p' },
  { width: 1920, height: 1080, bandwidth: 4_000_000, label: '1080p' },
];

export interface ClipSource {
  name: string;
  /** A lavfi video graph giving 1920x1080 at FPS frames per second. */
  video: string;
  tone: number;
}

const SIZE = '1920x1080';
export const CLIP_POOL: ClipSource[] = [
  { name: 'clip-1', video: `testsrc2=size=${SIZE}:rate=${FPS}`, tone: 440 },
  // Fractal and cellular sources cost ~20x more per pixel than the encoder; rendering them
  // small and scaling up keeps a first start within seconds.
  { name: 'clip-2', video: `mandelbrot=size=480x270:rate=${FPS},scale=1920:1080`, tone: 523 },
  { name: 'clip-3', video: `life=size=480x270:rate=${FPS}:mold=10:ratio=0.2:death_color=#204060:life_color=#f0c040,scale=1920:1080:flags=neighbor`, tone: 660 },
  { name: 'clip-4', video: `smptehdbars=size=${SIZE}:rate=${FPS}`, tone: 330 },
];

export function manifestPath(videoDir: string, clip: string): string {
  return join(videoDir, clip, 'manifest.mpd');
}

/** One ffmpeg run: three aligned H.264 ladders plus AAC, packaged as DASH with fMP4 segments. */
export function dashArgs(source: ClipSource): string[] {
  const gop = String(FPS * SEGMENT_SECONDS);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    // Input-side -t, because not every lavfi source (mandelbrot, life) takes a duration.
    '-t',
    String(CLIP_SECONDS),
    '-f',
    'lavfi',
    '-i',
    source.video,
    '-t',
    String(CLIP_SECONDS),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${source.tone}:sample_rate=48000`,
    '-filter_complex',
    '[0:v]format=yuv420p,split=3[a][b][c];[a]scale=640:360[v0];[b]scale=1280:720[v1];[c]null[v2]',
    '-map',
    '[v0]',
    '-map',
    '[v1]',
    '-map',
    '[v2]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
  ];
  RENDITIONS.forEach((r, i) =>
    args.push(`-b:v:${i}`, String(r.bandwidth), `-maxrate:v:${i}`, String(r.bandwidth * 1.2), `-bufsize:v:${i}`, String(r.bandwidth * 2)),
  );
  // Fixed GOPs without scene cuts keep keyframes aligned across the ladder, so players can switch
  // at every segment boundary.
  args.push('-g', gop, '-keyint_min', gop, '-sc_threshold', '0');
  args.push('-c:a', 'aac', '-b:a', '96k', '-ac', '2');
  args.push(
    '-f',
    'dash',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-adaptation_sets',
    'id=0,streams=v id=1,streams=a',
    '-init_seg_name',
    'init-$RepresentationID$.m4s',
    '-media_seg_name',
    'chunk-$RepresentationID$-$Number%05d$.m4s',
    'manifest.mpd',
  );
  return args;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * manifest.mpd.br and .gz beside the manifest (it is text, about 2.5 KB): the media route sends them
 * with Content-Encoding, as the PWA's own files are sent, instead of compressing per request.
 */
export async function compressManifest(clipDir: string): Promise<void> {
  const manifest = join(clipDir, 'manifest.mpd');
  const body = await readFile(manifest);
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${manifest}.br`, br), writeFile(`${manifest}.gz`, gzipped)]);
}

/** Encodes one clip into a scratch folder, then renames it into place so a crash leaves no half clip. */
export async function encodeClip(ffmpeg: string, videoDir: string, source: ClipSource): Promise<void> {
  const final = join(videoDir, source.name);
  const scratch = `${final}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(scratch, { recursive: true });
  try {
    await runFfmpeg(ffmpeg, dashArgs(source), scratch);
    await compressManifest(scratch);
    await rm(final, { recursive: true, force: true });
    await rename(scratch, final);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/** Encodes every clip of the pool whose manifest is missing, `workers` at a time. Returns the names encoded. */
export async function ensureClips(ffmpeg: string, videoDir: string, pool = CLIP_POOL, workers = 2): Promise<string[]> {
  const todo = pool.filter((c) => !existsSync(manifestPath(videoDir, c.name)));
  await mkdir(videoDir, { recursive: true });
  // Clips encoded before manifests were stored compressed get their compressed copies once.
  await Promise.all(
    pool.filter((c) => !todo.includes(c) && !existsSync(`${manifestPath(videoDir, c.name)}.br`)).map((c) => compressManifest(join(videoDir, c.name))),
  );
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await encodeClip(ffmpeg, videoDir, next);
    }),
  );
  return todo.map((c) => c.name);
}
