/**
 * The transcode job of an operator's import (kind IMPORT_JOB; server/routes/admin/import-routes.ts
 * queues it, any worker of the job queue runs it): probe the file, encode the renditions its size
 * earns to DASH like members' works and the catalogue, add the captions given with it, cut the
 * sprite sheet and the poster (masked, through the image pipeline), then create the video in one
 * transaction (repositories/video-imports.ts `finish`).
 *
 * Idempotent: the clip's name comes from the file's hash, every file is written whole into place
 * (scratch folders renamed), and `finish` does nothing for an import no longer processing; a run
 * after a crash writes the same files again and adds no rows. A job that fails for good removes
 * what it made and marks the import failed with the reason; running the import again starts over.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.ts';
import { videoImportsRepository } from '../db/repositories/video-imports.ts';
import { addCaptionTexts } from '../media/captions.ts';
import { probeFile } from '../media/ffprobe.ts';
import { makePoster, posterTime } from '../media/poster.ts';
import { ProbeError } from '../media/probe.ts';
import { makeSprite, spritePath } from '../media/sprites.ts';
import { clipSeconds, compressManifest, encodeFile } from '../media/transcode.ts';
import { removeImageSet } from '../media/variants.ts';
import { PermanentJobError, type JobHandler } from './queue.ts';
import { clearVideoCaches } from './work-transcode.ts';

export const IMPORT_JOB = 'video.import';

export interface ImportPayload {
  importId: number;
}

/** The dedupe key of an import's job: one live job per import. */
export const importJobKey = (importId: number) => `video.import:${importId}`;

/** Where an import's poster is stored (masked, with its widths) under the image folder. */
export const importPosterPath = (clip: string) => `imports/${clip}.webp`;

const ENCODE_FROM = 2;
const ENCODE_TO = 90;
const PROGRESS_WRITE_MS = 1_000;

export interface MediaTools {
  ffmpeg: string;
  /** null: ffmpeg describes the files instead (media/ffprobe.ts). */
  ffprobe: string | null;
}

/** Removes what a run made for a clip: the DASH folder, the sheet, the poster. */
export async function removeImportOutputs(ctx: AppContext, clip: string): Promise<void> {
  await rm(join(ctx.config.mediaDir, 'video', clip), { recursive: true, force: true });
  const imgDir = join(ctx.config.mediaDir, 'img');
  await Promise.all([removeImageSet(imgDir, spritePath(clip)), removeImageSet(imgDir, importPosterPath(clip))]);
}

export function videoImportHandler(ctx: AppContext, tools: MediaTools): JobHandler<ImportPayload> {
  const imports = videoImportsRepository(ctx.database.db);
  const videoDir = join(ctx.config.mediaDir, 'video');
  const imgDir = join(ctx.config.mediaDir, 'img');
  const imageKey = ctx.config.keys.imageKey;
  const { ffmpeg, ffprobe } = tools;

  return {
    async run(job) {
      const item = await imports.forJob(job.payload.importId);
      if (!item || item.state !== 'processing') return;
      const size = await stat(item.sourcePath).then(
        (s) => (s.isFile() ? s.size : null),
        () => null,
      );
      if (size === null) throw new PermanentJobError(`the file ${item.sourcePath} is gone`);
      if (size === 0) throw new PermanentJobError('the file is empty');

      let last = 0;
      let lastWrite = 0;
      const progress = (percent: number) => {
        const p = Math.max(0, Math.min(99, Math.floor(percent)));
        job.progress(p);
        if (p <= last || Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        last = p;
        lastWrite = Date.now();
        void imports.setProgress(item.id, p).catch(() => undefined);
      };

      const probe = await probeFile(ffprobe, ffmpeg, item.sourcePath, job.signal).catch((error: unknown) => {
        throw error instanceof ProbeError ? new PermanentJobError(error.message) : error;
      });
      progress(ENCODE_FROM);
      const clipDir = join(videoDir, item.clip);
      const renditions = await encodeFile({
        ffmpeg,
        input: item.sourcePath,
        outputDir: clipDir,
        probe,
        signal: job.signal,
        onProgress: (f) => progress(ENCODE_FROM + f * (ENCODE_TO - ENCODE_FROM)),
      });
      progress(ENCODE_TO);
      if (await addCaptionTexts(clipDir, item.captions)) await compressManifest(clipDir);
      const durationS = (await clipSeconds(videoDir, item.clip)) ?? probe.durationS;
      await makeSprite(ffmpeg, videoDir, imgDir, item.clip, durationS, imageKey);
      job.signal.throwIfAborted();
      progress(95);
      const posterPath = importPosterPath(item.clip);
      const poster = await makePoster(ffmpeg, item.sourcePath, posterTime(probe.durationS), imgDir, posterPath, imageKey, { signal: job.signal }).catch(() =>
        makePoster(ffmpeg, item.sourcePath, 0, imgDir, posterPath, imageKey, { signal: job.signal }),
      );
      job.signal.throwIfAborted();

      const videoId = await imports.finish(item.id, { renditions, durationS, poster: posterPath, posterWidth: poster.width, posterHeight: poster.height });
      clearVideoCaches(ctx, videoId);
    },

    async failed(job, error) {
      const item = await imports.forJob(job.payload.importId);
      if (!item || item.state !== 'processing') return;
      await removeImportOutputs(ctx, item.clip);
      await imports.fail(item.id, error.message);
    },
  };
}
