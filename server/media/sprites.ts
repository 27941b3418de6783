import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Thumbnails } from '../../protocol/api.ts';
import sharp from 'sharp';
import { runFfmpeg } from './ffmpeg.ts';
import { encodeImageSet, writeImageSet } from './variants.ts';
import { CLIP_POOL, clipSeconds, manifestPath, type ClipSource } from './transcode.ts';

/** SPEC §9: the progress-bar preview is 160x90. */
export const THUMB_WIDTH = 160;
export const THUMB_HEIGHT = 90;
/** Enough tiles for a fine-grained preview while keeping one sheet small (a few tens of KB). */
const MAX_TILES = 100;
const MAX_COLUMNS = 10;
/** The smallest rendition (DASH representation 0, 360p) is plenty for 160x90 tiles. */
const SOURCE_REPRESENTATION = 0;

/** One tile every `interval` seconds (whole seconds, at most MAX_TILES tiles), MAX_COLUMNS per row. */
export function spriteLayout(durationS: number) {
  const duration = Math.max(1, Math.ceil(durationS));
  const interval = Math.max(1, Math.ceil(duration / MAX_TILES));
  const tiles = Math.ceil(duration / interval);
  const columns = Math.min(tiles, MAX_COLUMNS);
  return { interval, columns, rows: Math.ceil(tiles / columns), tiles };
}

export type SpriteLayout = ReturnType<typeof spriteLayout>;

/** Image path (relative to the IMAGE base) of a clip's sprite sheet. */
export function spritePath(clip: string): string {
  return `thumbs/${clip}.jpg`;
}

/** What video/detail answers for a clip: the sheet and how to find a time in it. */
export function thumbnailsOf(clip: string, durationS: number): Thumbnails {
  const { interval, columns, rows } = spriteLayout(durationS);
  return { url: spritePath(clip), interval, columns, rows, width: THUMB_WIDTH, height: THUMB_HEIGHT };
}

/** ffmpeg arguments: decode the already-encoded 360p segments (no re-encode of the video), one frame per interval, tiled. */
export function spriteArgs(input: string, layout: SpriteLayout, output: string): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-an',
    '-vf',
    `fps=1/${layout.interval},scale=${THUMB_WIDTH}:${THUMB_HEIGHT},tile=${layout.columns}x${layout.rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    output,
  ];
}

/** The segments of one representation in play order, as an ffmpeg concat: input (fMP4 init + media). */
function concatInput(clipDir: string, manifest: string): string {
  const template = /media="([^"]+)"/.exec(manifest)?.[1] ?? 'chunk-$RepresentationID$-$Number%05d$.m4s';
  const id = String(SOURCE_REPRESENTATION);
  const parts = [join(clipDir, `init-${id}.m4s`)];
  for (let n = 1; ; n++) {
    const name = template.replace('$RepresentationID$', id).replace('$Number%05d$', String(n).padStart(5, '0'));
    const file = join(clipDir, name);
    if (!existsSync(file)) break;
    parts.push(file);
  }
  return `concat:${parts.join('|')}`;
}

/** Renders one clip's sheet from its DASH segments and stores it masked under img/thumbs/. */
export async function makeSprite(ffmpeg: string, videoDir: string, imgDir: string, clip: string, durationS: number, imageKey: string): Promise<void> {
  const clipDir = join(videoDir, clip);
  const manifest = readFileSync(manifestPath(videoDir, clip), 'utf8');
  const scratch = await mkdtemp(join(tmpdir(), 'md-sprite-'));
  try {
    const output = join(scratch, 'sprite.jpg');
    await runFfmpeg(ffmpeg, spriteArgs(concatInput(clipDir, manifest), spriteLayout(durationS), output));
    // ffmpeg tiles the frames; sharp stores the sheet as WebP like every image (one size: tiles are read by position).
    await writeImageSet(imgDir, spritePath(clip), await encodeImageSet(sharp(output), []), imageKey);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Makes the sheet of every encoded clip that has none (or one masked with another key): on first
 * start after encoding, and on restart of a data dir made before sprites existed. Takes a fraction
 * of a second per clip. Returns the clips done.
 */
export async function ensureSprites(ffmpeg: string, videoDir: string, imgDir: string, imageKey: string, pool: ClipSource[] = CLIP_POOL): Promise<string[]> {
  const stampDir = join(imgDir, 'thumbs');
  const stamp = join(stampDir, '.key-fingerprint');
  const fingerprint = createHash('sha256').update(imageKey).digest('hex').slice(0, 16);
  const sameKey = existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint;
  const done: string[] = [];
  for (const clip of pool) {
    if (!existsSync(manifestPath(videoDir, clip.name))) {
      // A sheet masked with an older key must not survive behind the new fingerprint.
      if (!sameKey) await rm(join(imgDir, spritePath(clip.name)), { force: true });
      continue;
    }
    if (sameKey && existsSync(join(imgDir, spritePath(clip.name)))) continue;
    await makeSprite(ffmpeg, videoDir, imgDir, clip.name, (await clipSeconds(videoDir, clip.name)) ?? clip.seconds, imageKey);
    done.push(clip.name);
  }
  await mkdir(stampDir, { recursive: true });
  await writeFile(stamp, fingerprint);
  return done;
}
