import type { AppContext } from '../context.ts';
import { REQUEST_ID_TTL_MS } from '../plugins/idempotency.ts';
import { localDay } from './local-day.ts';

const PURGE_BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Removes what has expired: sessions, remembered requestIds, hot-search hits of earlier days.
 * Each is one DELETE, so several instances running it at once do no harm.
 */
export async function purgeExpired(ctx: AppContext, now = new Date()): Promise<{ sessions: number }> {
  let sessions = 0;
  for (;;) {
    const n = await ctx.sessions.purgeExpired(now, PURGE_BATCH);
    sessions += n;
    if (n < PURGE_BATCH) break;
  }
  await ctx.idempotency.purgeBefore(new Date(now.getTime() - REQUEST_ID_TTL_MS));
  await ctx.search.purgeHitsBefore(localDay(new Date(now.getTime() - DAY_MS), ctx.config.timeZone));
  return { sessions };
}

/** Runs `job` soon after start and then every `everyMs`; a failure is logged and tried next time. */
export function every(name: string, everyMs: number, job: () => Promise<unknown>, log: (message: string) => void): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job()
      .catch((error: unknown) => log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = false));
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
