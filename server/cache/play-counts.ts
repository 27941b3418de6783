import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

export const PLAY_FLUSH_MS = 1000;

/**
 * Plays are counted in memory and written in one statement per second (and on close), instead of
 * one UPDATE per video open: a popular video no longer queues every viewer on its row lock.
 * A crash loses at most the last second of plays.
 */
export class PlayCounts {
  private pending = new Map<number, number>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly db: Kysely<Schema>) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), PLAY_FLUSH_MS);
    this.timer.unref();
  }

  record(videoId: number): void {
    this.pending.set(videoId, (this.pending.get(videoId) ?? 0) + 1);
  }

  /** Writes what was counted so far; flushes run one after another. */
  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      const rows = sql.join([...batch].map(([id, n]) => sql`(${id}::int, ${n}::int)`));
      try {
        await sql`UPDATE videos SET play_count = videos.play_count + v.n FROM (VALUES ${rows}) AS v(id, n) WHERE videos.id = v.id`.execute(this.db);
      } catch (error) {
        // Kept for the next flush rather than lost.
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        throw error;
      }
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }
}
