import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobTable, Schema } from '../schema.ts';

/** A job as a worker claims it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** This attempt's number, from 1 (counted when claimed, so a worker that died used one). */
  attempts: number;
  maxAttempts: number;
}

export interface JobRecord extends ClaimedJob {
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  lastError: string | null;
  runAt: Date;
  leaseUntil: Date | null;
  lockedBy: string | null;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  dedupeKey?: string;
  /** Milliseconds from now before it may run; 0 by default. */
  delayMs?: number;
  maxAttempts?: number;
}

const LIVE = sql`dedupe_key IS NOT NULL AND state IN ('queued', 'running')`;
const ms = (n: number) => sql`(${Math.max(0, Math.round(n))} * interval '1 millisecond')`;

/**
 * The SQL of the table queue (server/jobs/queue.ts), on PGlite and PostgreSQL alike. Times come
 * from the database's clock, so workers on machines whose clocks differ agree about leases.
 */
export function jobsRepository(db: Kysely<Schema>) {
  return {
    /**
     * Adds a job (inside `trx` when given, so it is queued only if that transaction commits). With a
     * dedupe key already live (queued or running), nothing is added and that job's id is answered.
     */
    async insert(job: NewJob, trx: Kysely<Schema> = db): Promise<{ id: string; created: boolean }> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO jobs (kind, payload, dedupe_key, max_attempts, run_at)
        VALUES (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.dedupeKey ?? null}, ${job.maxAttempts ?? 3}, now() + ${ms(job.delayMs ?? 0)})
        ON CONFLICT (dedupe_key) WHERE ${LIVE} DO NOTHING
        RETURNING id`.execute(trx);
      if (rows[0]) return { id: String(rows[0].id), created: true };
      const live = await sql<{ id: string }>`SELECT id FROM jobs WHERE dedupe_key = ${job.dedupeKey ?? null} AND state IN ('queued', 'running')`.execute(trx);
      // The live one finished between the two statements: queue again.
      if (!live.rows[0]) return this.insert(job, trx);
      return { id: String(live.rows[0].id), created: false };
    },

    /**
     * Claims the next due job of `kinds` for `workerId` with a lease of `leaseMs`: a queued job whose
     * time has come, or a running one whose lease ran out (its worker died). Rows another worker is
     * claiming at the same moment are skipped, so each job goes to one worker.
     */
    async claim(kinds: string[], workerId: string, leaseMs: number): Promise<ClaimedJob | undefined> {
      if (kinds.length === 0) return undefined;
      const { rows } = await sql<{ id: string; kind: string; payload: unknown; attempts: number; max_attempts: number }>`
        UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${workerId},
          lease_until = now() + ${ms(leaseMs)}, updated_at = now()
        WHERE id = (
          SELECT id FROM jobs
          WHERE kind IN (${sql.join(kinds)})
            AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND lease_until < now()))
          ORDER BY run_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, kind, payload, attempts, max_attempts`.execute(db);
      const row = rows[0];
      return row && { id: String(row.id), kind: row.kind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts };
    },

    /** Renews the lease (and records progress when given); false when the job is no longer this worker's. */
    async heartbeat(id: string, workerId: string, leaseMs: number, progress?: number): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        UPDATE jobs SET lease_until = now() + ${ms(leaseMs)}, updated_at = now(),
          progress = coalesce(${progress ?? null}::integer, progress)
        WHERE id = ${id} AND locked_by = ${workerId} AND state = 'running'
        RETURNING id`.execute(db);
      return rows.length > 0;
    },

    async complete(id: string, workerId: string): Promise<boolean> {
      return settle(db, id, workerId, sql`state = 'done', progress = 100, finished_at = now(), lease_until = NULL, locked_by = NULL, last_error = NULL`);
    },

    /** Back to the queue after `delayMs`, the error kept. */
    async retry(id: string, workerId: string, delayMs: number, error: string): Promise<boolean> {
      return settle(db, id, workerId, sql`state = 'queued', run_at = now() + ${ms(delayMs)}, lease_until = NULL, locked_by = NULL, last_error = ${error}`);
    },

    async fail(id: string, workerId: string, error: string): Promise<boolean> {
      return settle(db, id, workerId, sql`state = 'failed', finished_at = now(), lease_until = NULL, locked_by = NULL, last_error = ${error}`);
    },

    /** A worker stopping on purpose hands its job back at once, the attempt not counted. */
    async release(id: string, workerId: string): Promise<boolean> {
      return settle(db, id, workerId, sql`state = 'queued', run_at = now(), attempts = greatest(attempts - 1, 0), lease_until = NULL, locked_by = NULL`);
    },

    async get(id: string): Promise<JobRecord | undefined> {
      if (!/^-?\d{1,18}$/.test(id)) return undefined;
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The newest job of `kind` queued with `dedupeKey`. */
    async find(kind: string, dedupeKey: string): Promise<JobRecord | undefined> {
      const row = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('dedupe_key', '=', dedupeKey).orderBy('id', 'desc').executeTakeFirst();
      return row && toRecord(row);
    },

    /** Removes finished jobs older than `before`; answers how many. */
    async purgeFinished(before: Date, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('jobs')
        .where('id', 'in', (eb) =>
          eb.selectFrom('jobs').select('id').where('state', 'in', ['done', 'failed']).where('finished_at', '<', before).limit(limit).forUpdate().skipLocked(),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toRecord(row: Selectable<JobTable>): JobRecord {
  return {
    id: String(row.id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    state: row.state,
    progress: row.progress,
    lastError: row.last_error,
    runAt: row.run_at,
    leaseUntil: row.lease_until,
    lockedBy: row.locked_by,
  };
}

async function settle(db: Kysely<Schema>, id: string, workerId: string, set: ReturnType<typeof sql>): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    UPDATE jobs SET ${set}, updated_at = now()
    WHERE id = ${id} AND locked_by = ${workerId} AND state = 'running'
    RETURNING id`.execute(db);
  return rows.length > 0;
}

export type JobsRepository = ReturnType<typeof jobsRepository>;
