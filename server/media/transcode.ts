import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Rendition } from '../../protocol/api.ts';
import { addCaptions } from './captions.ts';
import { progressArgs, runFfmpeg } from './ffmpeg.ts';
import type { MediaProbe } from './probe.ts';

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
  /** Its length: what ffmpeg is asked for; what is stored is read back from the manifest (clipSeconds). */
  seconds: number;
  /** What its captions call the picture (server/media/captions.ts), in neutral words. */
  picture: { zh: string; en: string };
  /**
   * Encoded after the server answers, at low priority (server/jobs/background-clips.ts): the videos
   * given this clip play `fallback`, a first-start clip, until it is ready.
   */
  background?: { fallback: string };
}

const SIZE = '1920x1080';
/**
 * The demo catalogue's clips, of varied lengths. The first four are encoded before /healthz answers
 * (about 40 s of video, as cheap sources as ffmpeg has: the site answers within a minute of a first
 * start); the long ones follow in the background.
 */
export const CLIP_POOL: ClipSource[] = [
  { name: 'clip-1', video: `testsrc2=size=${SIZE}:rate=${FPS}`, tone: 440, seconds: 12, picture: { zh: '彩色测试图', en: 'colour test pattern' } },
  // Fractal and cellular sources cost ~20x more per pixel than the encoder; rendering them
  // small and scaling up keeps a first start within seconds.
  {
    name: 'clip-2',
    video: `mandelbrot=size=480x270:rate=${FPS},scale=1920:1080`,
    tone: 523,
    seconds: 8,
    picture: { zh: '分形图案', en: 'fractal pattern' },
  },
  {
    name: 'clip-3',
    video: `life=size=480x270:rate=${FPS}:mold=10:ratio=0.2:death_color=#204060:life_color=#f0c040,scale=1920:1080:flags=neighbor`,
    tone: 660,
    seconds: 6,
    picture: { zh: '生命游戏', en: 'game of life' },
  },
  // Still bars cost the encoder next to nothing, so this one can be the longest of the first start.
  { name: 'clip-4', video: `smptehdbars=size=${SIZE}:rate=${FPS}`, tone: 330, seconds: 16, picture: { zh: '彩条', en: 'colour bars' } },
  {
    name: 'clip-5',
    video: `testsrc=size=${SIZE}:rate=${FPS}`,
    tone: 392,
    seconds: 200,
    picture: { zh: '计时测试图', en: 'timer test pattern' },
    background: { fallback: 'clip-1' },
  },
  {
    name: 'clip-6',
    video: `testsrc2=size=${SIZE}:rate=${FPS},hue=H=t/3`,
    tone: 587,
    seconds: 45,
    picture: { zh: '变色测试图', en: 'shifting test pattern' },
    background: { fallback: 'clip-4' },
  },
];

/** The clips encoded before the server answers. */
export const FIRST_START_CLIPS = CLIP_POOL.filter((c) => !c.background);
/** The clips encoded once it answers. */
export const BACKGROUND_CLIPS = CLIP_POOL.filter((c) => c.background);

export function manifestPath(videoDir: string, clip: string): string {
  return join(videoDir, clip, 'manifest.mpd');
}

/** The DASH muxer's part of an ffmpeg run: fMP4 segments of SEGMENT_SECONDS named as the player expects. */
function dashOutput(audio: boolean): string[] {
  return [
    '-f',
    'dash',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-adaptation_sets',
    audio ? 'id=0,streams=v id=1,streams=a' : 'id=0,streams=v',
    '-init_seg_name',
    'init-$RepresentationID$.m4s',
    '-media_seg_name',
    'chunk-$RepresentationID$-$Number%05d$.m4s',
    'manifest.mpd',
  ];
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
    String(source.seconds),
    '-f',
    'lavfi',
    '-i',
    source.video,
    '-t',
    String(source.seconds),
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
  return [...args, ...dashOutput(true)];
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

/**
 * The length of an encoded clip as its manifest gives it (`mediaPresentationDuration`, ISO 8601:
 * PT8.0S, PT3M20.0S), or null when it names none.
 */
export function manifestSeconds(manifest: string): number | null {
  const duration = /mediaPresentationDuration="P(?:(\d+(?:\.\d+)?)D)?T?(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?"/.exec(manifest);
  if (!duration) return null;
  const [days, hours, minutes, secs] = duration.slice(1).map((part) => Number(part ?? 0));
  const total = days! * 86_400 + hours! * 3600 + minutes! * 60 + secs!;
  return total > 0 ? total : null;
}

/** The real length of an encoded clip (its manifest's), or null when it is not encoded. */
export async function clipSeconds(videoDir: string, clip: string): Promise<number | null> {
  const manifest = await readFile(manifestPath(videoDir, clip), 'utf8').catch(() => null);
  return manifest === null ? null : manifestSeconds(manifest);
}

export interface EncodeClipOptions {
  /** Kills ffmpeg; nothing of the clip is left. */
  signal?: AbortSignal;
  /** Runs ffmpeg at the lowest CPU priority: the clips encoded while the site answers. */
  background?: boolean;
}

/**
 * Encodes one clip with its captions into a scratch folder, then renames it into place so a crash
 * leaves no half clip.
 */
export async function encodeClip(ffmpeg: string, videoDir: string, source: ClipSource, options: EncodeClipOptions = {}): Promise<void> {
  const final = join(videoDir, source.name);
  const scratch = `${final}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(scratch, { recursive: true });
  try {
    await runFfmpeg(ffmpeg, dashArgs(source), scratch, { signal: options.signal, lowPriority: options.background });
    const manifest = await readFile(join(scratch, 'manifest.mpd'), 'utf8');
    await addCaptions(scratch, source, manifestSeconds(manifest) ?? source.seconds);
    await compressManifest(scratch);
    options.signal?.throwIfAborted();
    await rm(final, { recursive: true, force: true });
    await rename(scratch, final);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Encodes every clip of the pool whose manifest is missing, `workers` at a time. Returns the names
 * encoded. Clips encoded by an earlier version gain what they lack: compressed manifests, captions.
 */
export async function ensureClips(ffmpeg: string, videoDir: string, pool = FIRST_START_CLIPS, workers = 2): Promise<string[]> {
  const todo = pool.filter((c) => !existsSync(manifestPath(videoDir, c.name)));
  await mkdir(videoDir, { recursive: true });
  await removeStaleScratch(videoDir);
  await Promise.all(pool.filter((c) => !todo.includes(c)).map((c) => completeClip(videoDir, c)));
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await encodeClip(ffmpeg, videoDir, next);
    }),
  );
  return todo.map((c) => c.name);
}

/** True while the process `pid` runs (on this machine). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders (`<clip>.tmp-<pid>-<time>`) of encodes whose process is gone: a server
 * stopped mid-encode exits before its clean-up runs. A live process's scratch is left alone.
 */
export async function removeStaleScratch(videoDir: string): Promise<string[]> {
  const names = await readdir(videoDir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = /\.tmp-(\d+)-\d+$/.exec(name)?.[1];
    return pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid));
  });
  await Promise.all(stale.map((name) => rm(join(videoDir, name), { recursive: true, force: true })));
  return stale;
}

/** An encoded clip from an older version: its captions and compressed manifests, each once. */
export async function completeClip(videoDir: string, source: ClipSource): Promise<void> {
  const dir = join(videoDir, source.name);
  const captioned = await addCaptions(dir, source, (await clipSeconds(videoDir, source.name)) ?? source.seconds);
  if (captioned || !existsSync(`${manifestPath(videoDir, source.name)}.br`)) await compressManifest(dir);
}

/** A rung is made when the source reaches this share of its box on either side (a 1270x714 source still gets 720p, at its own size). */
const RUNG_REACH = 0.9;
/** The lowest bitrate of any rendition, whatever its size. */
const MIN_BANDWIDTH = 150_000;
const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * The renditions a source of `width` x `height` (as displayed) gets: each rung of RENDITIONS whose
 * box (turned upright for a portrait source) the source reaches on either side, scaled to fit the
 * box and never enlarged; so a 640x360 source gets 360p only, 1280x720 360p and 720p, 1080x1920
 * all three. A source below the lowest rung gets one rendition at its own size, labelled by its
 * shorter side (320x180: 180p). Bitrates follow the rung's, by pixel count.
 */
export function ladderFor(width: number, height: number): Rendition[] {
  const portrait = height > width;
  const rungs: Rendition[] = [];
  for (const rung of RENDITIONS) {
    const boxW = portrait ? rung.height : rung.width;
    const boxH = portrait ? rung.width : rung.height;
    if (width < boxW * RUNG_REACH && height < boxH * RUNG_REACH) continue;
    const scale = Math.min(1, boxW / width, boxH / height);
    const w = even(width * scale);
    const h = even(height * scale);
    const bandwidth = Math.max(MIN_BANDWIDTH, Math.round((rung.bandwidth * (w * h)) / (rung.width * rung.height)));
    rungs.push({ width: w, height: h, bandwidth, label: rung.label });
  }
  if (rungs.length > 0) return rungs;
  const base = RENDITIONS[0]!;
  const w = even(width);
  const h = even(height);
  const bandwidth = Math.max(MIN_BANDWIDTH, Math.round((base.bandwidth * (w * h)) / (base.width * base.height)));
  return [{ width: w, height: h, bandwidth, label: `${Math.min(w, h)}p` }];
}

/** Frame rates above this are halved to it or below (a 120 fps phone clip plays at 60). */
const MAX_FPS = 60;

/**
 * One ffmpeg run from a file: every rendition of `renditions` (H.264, keyframes forced every
 * segment so the ladder stays aligned whatever the source's frame rate) plus the first audio
 * stream as AAC when there is one, packaged as DASH with fMP4 segments, written to the working
 * directory.
 */
export function dashFileArgs(input: string, renditions: Rendition[], probe: Pick<MediaProbe, 'audio' | 'video'>): string[] {
  const fps = probe.video?.fps ?? 0;
  const capped = fps > MAX_FPS ? `fps=${MAX_FPS / Math.ceil(fps / MAX_FPS)},` : '';
  const outputs = renditions.map((_, i) => `[s${i}]`).join('');
  const chains = renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`).join(';');
  const graph = `[0:v:0]${capped}split=${renditions.length}${outputs};${chains}`;
  const gop = String(Math.max(2, Math.round((fps > 0 ? Math.min(fps, MAX_FPS) : FPS) * SEGMENT_SECONDS)));
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...progressArgs, '-i', input, '-filter_complex', graph];
  renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (probe.audio) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  renditions.forEach((r, i) =>
    args.push(`-b:v:${i}`, String(r.bandwidth), `-maxrate:v:${i}`, String(Math.round(r.bandwidth * 1.2)), `-bufsize:v:${i}`, String(r.bandwidth * 2)),
  );
  args.push('-g', gop, '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
  if (probe.audio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000');
  return [...args, ...dashOutput(probe.audio !== null)];
}

export interface EncodeFileOptions {
  ffmpeg: string;
  /** The source file (any container and codecs ffmpeg reads). */
  input: string;
  /** Where the DASH folder ends up (VIDEO_DIR/<clip>); replaced whole, only once it is complete. */
  outputDir: string;
  probe: MediaProbe;
  /** By default the ladder the source's size earns (ladderFor). */
  renditions?: Rendition[];
  /** 0..1 of the source encoded. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Encodes a video file to the adaptive DASH ladder of the catalogue (members' works; the operators'
 * import): into a scratch folder beside `outputDir`, then renamed into place with its compressed
 * manifests, so a crash or an abort leaves no half clip. Answers the renditions made.
 */
export async function encodeFile(options: EncodeFileOptions): Promise<Rendition[]> {
  const { ffmpeg, input, outputDir, probe, onProgress, signal } = options;
  if (!probe.video) throw new Error('the source has no video stream');
  const renditions = options.renditions ?? ladderFor(probe.video.width, probe.video.height);
  const scratch = `${outputDir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(scratch, { recursive: true });
  try {
    const duration = probe.durationS;
    await runFfmpeg(ffmpeg, dashFileArgs(resolve(input), renditions, probe), scratch, {
      signal,
      onTime: onProgress && duration > 0 ? (s) => onProgress(Math.min(1, s / duration)) : undefined,
    });
    await compressManifest(scratch);
    await rm(outputDir, { recursive: true, force: true });
    await rename(scratch, outputDir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  return renditions;
}
