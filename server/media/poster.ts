import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg, type RunOptions } from './ffmpeg.ts';
import { encodeImageSet, writeImageSet } from './variants.ts';

/** A poster is at most this wide (and the stored widths below it are made too). */
const POSTER_MAX_WIDTH = 1280;

/** Where in the video the poster is cut: a third in, at most 3 s (past fades in, and cheap to seek to). */
export const posterTime = (durationS: number) => Math.max(0, Math.min(3, durationS / 3));

/**
 * Cuts one frame of `input` at `atS` (displayed upright, at most POSTER_MAX_WIDTH wide) and stores it
 * through the image pipeline: masked WebP at `path` under `imgDir` with its narrower widths.
 * Answers its size.
 */
export async function makePoster(
  ffmpeg: string,
  input: string,
  atS: number,
  imgDir: string,
  path: string,
  imageKey: string,
  options: Pick<RunOptions, 'signal'> = {},
): Promise<{ width: number; height: number }> {
  const scratch = await mkdtemp(join(tmpdir(), 'md-poster-'));
  try {
    const frame = join(scratch, 'poster.png');
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', atS.toFixed(3), '-i', resolve(input)];
    args.push('-frames:v', '1', '-vf', `scale='min(${POSTER_MAX_WIDTH},iw)':-2`, '-f', 'image2', frame);
    await runFfmpeg(ffmpeg, args, undefined, options);
    const set = await encodeImageSet(sharp(await readFile(frame)));
    await writeImageSet(imgDir, path, set, imageKey);
    return { width: set.width, height: set.height };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
