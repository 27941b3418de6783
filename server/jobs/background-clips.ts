/**
 * The long demo clips (transcode.ts BACKGROUND_CLIPS), encoded after the server answers: the first
 * start stays within a minute, and the catalogue still has videos of several minutes once they are
 * done. Until then the videos given such a clip play its fallback, a first-start clip, with that
 * clip's length, so every screen shows a video that plays as its card says.
 *
 * One clip at a time, ffmpeg at the lowest CPU priority (the site's requests come first), in this
 * process rather than the job queue: like the first-start clips, every instance encodes into its own
 * media folder, and a member's transcode never waits behind minutes of demo video. Idempotent: a
 * clip is renamed into place only when whole, and adopting it is one transaction that changes
 * nothing the second time; a restart finishes what a stop interrupted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { wholeSeconds } from '../../protocol/duration.ts';
import type { AppContext } from '../context.ts';
import { seedRepository } from '../db/repositories/seed.ts';
import { makeSprite, spritePath } from '../media/sprites.ts';
import { BACKGROUND_CLIPS, RENDITIONS, clipSeconds, completeClip, encodeClip, manifestPath, type ClipSource } from '../media/transcode.ts';
import { videoIdsOfClip } from '../seed/videos.ts';

export interface BackgroundClip {
  source: ClipSource;
  /** The catalogue videos that move to it once it is encoded. */
  videoIds: number[];
}

export interface BackgroundClipsOptions {
  ffmpeg: string;
  log: (message: string) => void;
  /** By default every background clip of the pool, with the videos the catalogue gives it. */
  clips?: BackgroundClip[];
  /** Wait before trying a failed clip again. */
  retryMs?: number;
}

export interface BackgroundClipsRun {
  /** Kills a running encode (its scratch folder goes) and stops; safe to call more than once. */
  stop(): void;
  /** Settles when every clip is adopted, or the run stopped. Answers the clips encoded now. */
  done: Promise<string[]>;
}

const RETRY_MS = 10 * 60_000;
const ATTEMPTS = 3;

export const defaultBackgroundClips = (): BackgroundClip[] => BACKGROUND_CLIPS.map((source) => ({ source, videoIds: videoIdsOfClip(source.name) }));

/** Encodes (when missing), cuts the sprite sheet of, and adopts one clip. Answers whether it encoded. */
async function prepareClip(ctx: AppContext, ffmpeg: string, clip: BackgroundClip, signal: AbortSignal): Promise<boolean> {
  const videoDir = join(ctx.config.mediaDir, 'video');
  const imgDir = join(ctx.config.mediaDir, 'img');
  const { source } = clip;
  const encoded = !existsSync(manifestPath(videoDir, source.name));
  if (encoded) await encodeClip(ffmpeg, videoDir, source, { signal, background: true });
  else await completeClip(videoDir, source);
  signal.throwIfAborted();
  const seconds = (await clipSeconds(videoDir, source.name)) ?? source.seconds;
  // A sheet from an earlier run is kept (ensureSprites renews sheets when the image key changes).
  if (encoded || !existsSync(join(imgDir, spritePath(source.name)))) {
    await makeSprite(ffmpeg, videoDir, imgDir, source.name, seconds, ctx.config.keys.imageKey);
  }
  signal.throwIfAborted();
  const moved = await seedRepository(ctx.database.db).adoptClip(
    { name: source.name, duration: wholeSeconds(seconds), renditions: JSON.stringify(RENDITIONS) },
    clip.videoIds,
  );
  if (moved > 0) {
    // Details, lists, rankings and search answers name the clip and its length.
    ctx.caches.videoDetail.clear();
    ctx.caches.videoPages.clear();
    ctx.caches.homeIndex.clear();
    ctx.caches.search.clear();
  }
  return encoded;
}

/** Starts encoding and adopting the background clips, one after another; a failure is retried later. */
export function startBackgroundClips(ctx: AppContext, options: BackgroundClipsOptions): BackgroundClipsRun {
  const controller = new AbortController();
  const { signal } = controller;
  const retryMs = options.retryMs ?? RETRY_MS;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  const run = async (): Promise<string[]> => {
    const encoded: string[] = [];
    for (const clip of options.clips ?? defaultBackgroundClips()) {
      for (let attempt = 1; attempt <= ATTEMPTS && !signal.aborted; attempt++) {
        try {
          if (await prepareClip(ctx, options.ffmpeg, clip, signal)) encoded.push(clip.source.name);
          break;
        } catch (error) {
          if (signal.aborted) break;
          options.log(`background clip ${clip.source.name} (attempt ${attempt}) failed: ${error instanceof Error ? error.message : String(error)}`);
          if (attempt < ATTEMPTS) await pause(retryMs);
        }
      }
      if (signal.aborted) break;
    }
    return encoded;
  };
  return { stop: () => controller.abort(new Error('the server is stopping')), done: run() };
}
