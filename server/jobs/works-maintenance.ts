import type { AppContext } from '../context.ts';
import { every } from './maintenance.ts';
import { registerJobHandlers } from './registry.ts';
import { removeUploadFile } from './work-transcode.ts';

/** An upload still unfinished this long after it started is abandoned. */
export const UNFINISHED_UPLOAD_TTL_MS = 86_400_000;
/** A finished upload no work uses is removed after this long (DECISIONS.md: 7 days). */
export const UNUSED_UPLOAD_TTL_MS = 7 * 86_400_000;
/** Finished jobs are kept this long for the operators to look at. */
export const FINISHED_JOB_TTL_MS = 7 * 86_400_000;
export const WORKS_SWEEP_EVERY_MS = 3_600_000;
const BATCH = 500;

/**
 * Removes abandoned video uploads (rows and files), expired tickets and old finished jobs; answers
 * how many uploads went. Each batch is claimed by one DELETE, so instances sweeping together never
 * share a file.
 */
export async function sweepWorks(ctx: AppContext, now = new Date()): Promise<number> {
  const unfinishedBefore = new Date(now.getTime() - UNFINISHED_UPLOAD_TTL_MS);
  const finishedBefore = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
  let swept = 0;
  for (;;) {
    const ids = await ctx.works.takeAbandonedUploads(unfinishedBefore, finishedBefore, BATCH);
    await Promise.all(ids.map((id) => removeUploadFile(ctx.config.tusDir, id)));
    swept += ids.length;
    if (ids.length < BATCH) break;
  }
  await ctx.works.purgeTickets(new Date(now.getTime() - 86_400_000));
  await ctx.queue.purgeFinished(new Date(now.getTime() - FINISHED_JOB_TTL_MS));
  return swept;
}

/**
 * Starts what works need once the server is ready: this instance's job workers (MD_JOB_WORKERS,
 * every kind of jobs/registry.ts; none when 0: the jobs then wait for an instance or a worker
 * process that runs them) and the hourly sweep. Answers the sweep's stop; the queue stops when
 * the app closes.
 */
export function startWorks(ctx: AppContext, log: (message: string) => void): () => void {
  if (ctx.config.jobWorkers > 0) {
    registerJobHandlers(ctx);
    ctx.queue.start({ concurrency: ctx.config.jobWorkers });
  }
  return every('works sweep', WORKS_SWEEP_EVERY_MS, () => sweepWorks(ctx), log);
}
