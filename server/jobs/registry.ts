/**
 * Every kind of job and its handler, in one place: the server's own workers (MD_JOB_WORKERS) and the
 * worker-only process (`npm run md -- worker`, server/cli/commands/worker.ts) both register from
 * here, so a kind added here runs wherever workers run. A new kind (imports, image conversions) adds
 * its line below.
 */
import type { AppContext } from '../context.ts';
import { locateFfmpeg } from '../media/ffmpeg.ts';
import { locateFfprobe } from '../media/ffprobe.ts';
import type { JobHandler } from './queue.ts';
import { IMPORT_JOB, videoImportHandler } from './video-import.ts';
import { TRANSCODE_JOB, workTranscodeHandler } from './work-transcode.ts';

/** Where handlers are registered: the queue itself, or a wrapper that watches them (the worker command). */
export interface HandlerTarget {
  handle<P>(kind: string, handler: JobHandler<P>): void;
}

/** Registers the handler of every job kind on `target`; answers the kinds. */
export function registerJobHandlers(ctx: AppContext, target: HandlerTarget = ctx.queue): string[] {
  const ffmpeg = locateFfmpeg(ctx.config.ffmpegPath);
  const kinds: [string, JobHandler<never>][] = [
    [TRANSCODE_JOB, workTranscodeHandler(ctx, ffmpeg) as JobHandler<never>],
    [IMPORT_JOB, videoImportHandler(ctx, { ffmpeg, ffprobe: locateFfprobe() }) as JobHandler<never>],
  ];
  for (const [kind, handler] of kinds) target.handle(kind, handler);
  return kinds.map(([kind]) => kind);
}
