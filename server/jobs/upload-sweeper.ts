import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { removeImageSet } from '../media/variants.ts';
import { every } from './maintenance.ts';

/** An upload nothing refers to this long after it arrived is removed. */
export const UNREFERENCED_UPLOAD_TTL_MS = 7 * 86_400_000;
export const UPLOAD_SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 500;
// Rows name files under the media folder; a path of any other shape is never handed to rm.
const UPLOAD_PATH = /^uploads\/[0-9a-f]+\.[a-z]+$/;

/**
 * Deletes the rows and masked files of uploads left unreferenced for 7 days; answers how many
 * rows went. Each batch is claimed by one DELETE, so instances sweeping together never share
 * a file; a file already gone is fine.
 */
export async function sweepUploads(ctx: AppContext, now = new Date()): Promise<number> {
  const imgDir = join(ctx.config.mediaDir, 'img');
  const before = new Date(now.getTime() - UNREFERENCED_UPLOAD_TTL_MS);
  let swept = 0;
  for (;;) {
    const paths = await ctx.uploads.takeExpired(before, SWEEP_BATCH);
    await Promise.all(paths.filter((p) => UPLOAD_PATH.test(p)).map((p) => removeImageSet(imgDir, p)));
    swept += paths.length;
    if (paths.length < SWEEP_BATCH) return swept;
  }
}

/** Sweeps soon after start and then every `everyMs`; answers the stop. */
export function startUploadSweeper(ctx: AppContext, everyMs = UPLOAD_SWEEP_EVERY_MS, log: (message: string) => void = console.warn): () => void {
  return every('upload sweep', everyMs, () => sweepUploads(ctx), log);
}
