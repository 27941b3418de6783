/**
 * The transcode job of a member's work (kind TRANSCODE_JOB): probe the upload by its content, encode
 * the renditions its real size earns to DASH like the catalogue, cut the sprite sheet and the poster,
 * then make the work ready (and its video listed when published and public) in one transaction.
 *
 * Idempotent: the clip name is fixed when the work is posted, every file is written whole into
 * place under that name (scratch folders renamed), and the final transaction does nothing for a
 * work no longer processing, so a second run after a crash overwrites the same files and adds no
 * rows. A job that fails for good removes whatever it made and marks the work failed with a reason.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WORK_FAIL_REASONS, WORK_MAX_SECONDS, type WorkFailReason } from '../../protocol/works-api.ts';
import type { AppContext } from '../context.ts';
import { makePoster, posterTime } from '../media/poster.ts';
import { probeMedia, ProbeError } from '../media/probe.ts';
import { makeSprite, spritePath } from '../media/sprites.ts';
import { clipSeconds, encodeFile } from '../media/transcode.ts';
import { removeImageSet } from '../media/variants.ts';
import { PermanentJobError, type JobHandler } from './queue.ts';

export const TRANSCODE_JOB = 'work.transcode';

export interface TranscodePayload {
  workId: number;
}

/** The dedupe key of a work's transcode: one live job per work. */
export const transcodeKey = (workId: number) => `work.transcode:${workId}`;

/** Where a work's poster is stored (masked, with its widths) under the image folder. */
export const workPosterPath = (clip: string) => `works/${clip}.webp`;

/** The share of the progress bar each step takes: probing, encoding, then the pictures. */
const ENCODE_FROM = 2;
const ENCODE_TO = 90;
const PROGRESS_WRITE_MS = 1_000;

/** Removes the upload's file and its tus metadata. */
export async function removeUploadFile(tusDir: string, uploadId: string): Promise<void> {
  // Only names the server gave (hex): never a path outside the folder.
  if (!/^[0-9a-f]+$/.test(uploadId)) return;
  await Promise.all([rm(join(tusDir, uploadId), { force: true }), rm(join(tusDir, `${uploadId}.json`), { force: true })]);
}

/** Removes what a run made for a clip: the DASH folder (and any scratch beside it), the sheet, the poster. */
async function removeOutputs(ctx: AppContext, clip: string): Promise<void> {
  const videoDir = join(ctx.config.mediaDir, 'video');
  const imgDir = join(ctx.config.mediaDir, 'img');
  await rm(join(videoDir, clip), { recursive: true, force: true });
  await Promise.all([removeImageSet(imgDir, spritePath(clip)), removeImageSet(imgDir, workPosterPath(clip))]);
}

/** The caches that list or show videos, after a work's video appears, changes or is hidden. */
export function clearVideoCaches(ctx: AppContext, videoId: number | null): void {
  if (videoId === null) return;
  ctx.caches.videoDetail.delete(videoId);
  ctx.caches.videoPages.clear();
  ctx.caches.categorySizes.clear();
  ctx.caches.homeIndex.clear();
  ctx.caches.search.clear();
}

const reasonOf = (error: Error): WorkFailReason => {
  const reason = error instanceof PermanentJobError ? error.reason : undefined;
  return (WORK_FAIL_REASONS as readonly string[]).includes(reason ?? '') ? (reason as WorkFailReason) : 'transcode-failed';
};

export function workTranscodeHandler(ctx: AppContext, ffmpeg: string): JobHandler<TranscodePayload> {
  const videoDir = join(ctx.config.mediaDir, 'video');
  const imgDir = join(ctx.config.mediaDir, 'img');
  const imageKey = ctx.config.keys.imageKey;

  return {
    async run(job) {
      const work = await ctx.works.forJob(job.payload.workId);
      // Gone with its member, or finished by an earlier run.
      if (!work || work.state !== 'processing') return;
      const source = join(ctx.config.tusDir, work.uploadId);
      const size = await stat(source).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) throw new PermanentJobError('the upload is gone', 'missing-source');
      if (size === 0) throw new PermanentJobError('the upload is empty', 'empty');

      let last = 0;
      let lastWrite = 0;
      const progress = (percent: number) => {
        const p = Math.max(0, Math.min(99, Math.floor(percent)));
        job.progress(p);
        if (p <= last || Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        last = p;
        lastWrite = Date.now();
        void ctx.works.setProgress(work.id, p).catch(() => undefined);
      };

      const probe = await probeMedia(ffmpeg, source, job.signal).catch((error: unknown) => {
        throw error instanceof ProbeError ? new PermanentJobError(error.message, error.reason) : error;
      });
      if (probe.durationS > WORK_MAX_SECONDS) throw new PermanentJobError('the video is too long', 'too-long');
      await ctx.works.setProbe(work.id, { width: probe.video.width, height: probe.video.height, durationS: probe.durationS });
      progress(ENCODE_FROM);

      const renditions = await encodeFile({
        ffmpeg,
        input: source,
        outputDir: join(videoDir, work.clip),
        probe,
        signal: job.signal,
        onProgress: (f) => progress(ENCODE_FROM + f * (ENCODE_TO - ENCODE_FROM)),
      });
      progress(ENCODE_TO);
      // What the player will read: the encoded stream's length, not the source container's claim.
      const durationS = (await clipSeconds(videoDir, work.clip)) ?? probe.durationS;
      await makeSprite(ffmpeg, videoDir, imgDir, work.clip, durationS, imageKey);
      progress(95);
      const posterPath = workPosterPath(work.clip);
      // A container may claim more time than its frames fill: then the first frame.
      const poster = await makePoster(ffmpeg, source, posterTime(probe.durationS), imgDir, posterPath, imageKey, { signal: job.signal }).catch(() =>
        makePoster(ffmpeg, source, 0, imgDir, posterPath, imageKey, { signal: job.signal }),
      );
      job.signal.throwIfAborted();

      const videoId = await ctx.works.finish(work.id, {
        renditions,
        durationS,
        width: probe.video.width,
        height: probe.video.height,
        poster: posterPath,
        posterWidth: poster.width,
        posterHeight: poster.height,
      });
      // The source is not kept once the ladder is made.
      await removeUploadFile(ctx.config.tusDir, work.uploadId);
      await ctx.works.forgetUpload(work.uploadId);
      clearVideoCaches(ctx, videoId);
    },

    async failed(job, error) {
      const work = await ctx.works.forJob(job.payload.workId);
      if (!work || work.state !== 'processing') return;
      // Nothing of it is left once the member sees it failed.
      await removeOutputs(ctx, work.clip);
      await removeUploadFile(ctx.config.tusDir, work.uploadId);
      await ctx.works.forgetUpload(work.uploadId);
      await ctx.works.fail(work.id, reasonOf(error));
    },
  };
}
