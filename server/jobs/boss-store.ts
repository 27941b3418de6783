/**
 * The job store on PostgreSQL (DECISIONS.md "Jobs"): pg-boss, the ecosystem's PostgreSQL queue, in
 * its own schema (`pgboss`) of the site's database, which it creates and migrates itself when the
 * store opens (every instance and `md worker` opens one; pg-boss takes a lock so they take turns).
 * The worker loop is the queue's own (jobs/queue.ts); pg-boss keeps and hands out the jobs:
 *
 * - enqueue is pg-boss's send, inside the caller's transaction when there is one (send's `db`
 *   option runs it on that transaction). The dedupe key is the job's singletonKey; a live job
 *   (created, retry or active) with the same kind and key is answered instead, looked up under a
 *   transaction-scoped advisory lock on the key, so two enqueues at once make one job. (No pg-boss
 *   policy says "one job queued or running per key": `stately` lets one wait while another runs.)
 * - a claim is pg-boss's fetch (FOR UPDATE SKIP LOCKED): one worker per job. The claim records
 *   the worker and its progress in the job's `output` and sets the job's expiration (expire_in,
 *   counted from started_on) to the lease; the heartbeat moves it on. A worker that died stops
 *   renewing, pg-boss's maintenance (every MAINTENANCE_SECONDS at most, one instance at a time)
 *   fails the expired job into `retry`, and the next fetch takes it again.
 * - attempts are pg-boss's retry_count + 1; retryLimit is maxAttempts, one more than the retries,
 *   so the fetch after a last attempt whose worker died still reaches the queue, which gives up and
 *   calls the handler's `failed` (as on the table). A retry or a failure for good is pg-boss's fail
 *   after this store set the job's retry delay (our backoff) or its retry limit (no more).
 * - pg-boss archives finished jobs after a while and deletes them after a week; get and find look
 *   in both tables, and purgeFinished deletes finished jobs sooner.
 *
 * Jobs of the `jobs` table (a site moved from the embedded database, or restored from a backup)
 * are moved into pg-boss when the store opens, each queued again with its kind, payload and key.
 */
import PgBoss from 'pg-boss';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { ClaimedJob, JobRecord, NewJob } from '../db/repositories/jobs.ts';
import type { JobStore } from './queue.ts';

/** pg-boss's schema in the site's database (backup/dump.ts writes its live jobs as rows of `jobs`). */
export const BOSS_SCHEMA = 'pgboss';
/** At most this long between two looks for expired jobs (shorter with a short lease). */
const MAINTENANCE_SECONDS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BossStoreOptions {
  connectionString: string;
  /** The lease a job's expiration is set to when it is queued (the claim sets the claimer's own). */
  leaseMs: number;
  log: (message: string) => void;
}

interface BossRow {
  id: string;
  name: string;
  data: unknown;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  retry_limit: number;
  start_after: Date;
  started_on: Date | null;
  lease_until: Date | null;
  output: { worker?: string; progress?: number; error?: string; value?: { message?: string }; message?: string } | null;
}

/** pg-boss's Db over a Kysely connection or transaction: its statements run where ours do. */
const on = (db: Kysely<Schema>): PgBoss.Db => ({
  async executeSql(text, values) {
    const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows as unknown[] };
  },
});

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const interval = (ms: number) => sql`(${Math.max(0, Math.round(ms))} * interval '1 millisecond')`;

const COLUMNS = sql.raw(`id, name, data, state, retry_count, retry_limit, start_after, started_on,
  CASE WHEN state = 'active' THEN started_on + expire_in END AS lease_until, output`);

function toRecord(row: BossRow): JobRecord {
  const output = row.output ?? {};
  const finished = row.state === 'completed' || row.state === 'failed' || row.state === 'cancelled';
  return {
    id: row.id,
    kind: row.name,
    payload: row.data,
    // retry_count counts the fetches after the first (a job handed back before it ever ran has none).
    attempts: row.started_on ? row.retry_count + 1 : 0,
    maxAttempts: row.retry_limit,
    state: row.state === 'active' ? 'running' : row.state === 'completed' ? 'done' : finished ? 'failed' : 'queued',
    progress: row.state === 'completed' ? 100 : (output.progress ?? 0),
    lastError: row.state === 'completed' || row.state === 'active' ? null : (output.error ?? output.value?.message ?? output.message ?? null),
    runAt: row.start_after,
    leaseUntil: row.lease_until,
    lockedBy: row.state === 'active' ? (output.worker ?? null) : null,
  };
}

/**
 * Opens pg-boss on `db`'s database (creating or migrating its schema) and answers the store. pg-boss
 * has a small pool of its own; its maintenance runs on it.
 */
export async function openBossStore(db: Kysely<Schema>, options: BossStoreOptions): Promise<JobStore> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: BOSS_SCHEMA,
    max: 4,
    application_name: 'md-jobs',
    // No cron schedules; expired jobs found within half a lease (MAINTENANCE_SECONDS at most).
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: Math.min(MAINTENANCE_SECONDS, seconds(options.leaseMs / 2)),
  });
  // pg-boss reports maintenance failures (a lost connection) as events: logged, never thrown.
  boss.on('error', (error) => options.log(`job queue (pg-boss): ${error.message}`));
  await boss.start();

  // One createQueue per kind at a time in this process (two at once for a new kind deadlock in pg-boss's
  // create_queue); one more try when another process made it at the same moment.
  const queues = new Map<string, Promise<void>>();
  function ensureQueue(kind: string): Promise<void> {
    let made = queues.get(kind);
    if (!made) {
      const create = () => boss.createQueue(kind, { name: kind, policy: 'standard' });
      made = create().catch(create);
      made.catch(() => queues.delete(kind));
      queues.set(kind, made);
    }
    return made;
  }

  /** The job when it is still `workerId`'s: active, at the attempt it claimed, locked until the transaction ends. */
  async function mine(trx: Kysely<Schema>, job: ClaimedJob, workerId: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT id FROM pgboss.job
      WHERE name = ${job.kind} AND id = ${job.id}::uuid AND state = 'active'
        AND retry_count = ${job.attempts - 1} AND output->>'worker' = ${workerId}
      FOR UPDATE`.execute(trx);
    return rows.length > 0;
  }

  async function insert(job: NewJob, trx: Kysely<Schema>): Promise<{ id: string; created: boolean }> {
    if (job.dedupeKey) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`md.job:${job.kind}:${job.dedupeKey}`}, 0))`.execute(trx);
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM pgboss.job WHERE name = ${job.kind} AND singleton_key = ${job.dedupeKey} AND state < 'completed' LIMIT 1`.execute(trx);
      if (rows[0]) return { id: rows[0].id, created: false };
    }
    const maxAttempts = job.maxAttempts ?? 3;
    const id = await boss.send(job.kind, (job.payload ?? {}) as object, {
      ...(job.dedupeKey && { singletonKey: job.dedupeKey }),
      startAfter: Math.round((job.delayMs ?? 0) / 1000),
      retryLimit: maxAttempts,
      // A job whose worker died is taken again at once; a failure's delay is set when it fails.
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: seconds(options.leaseMs),
      db: on(trx),
    });
    if (!id) throw new Error(`pg-boss did not queue a ${job.kind} job`);
    return { id, created: true };
  }

  /** pg-boss's fail, once the job's next delay (or its having no next attempt) is set. */
  async function failJob(job: ClaimedJob, workerId: string, error: string, retryInMs: number | null): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await mine(trx, job, workerId))) return false;
      await sql`
        UPDATE pgboss.job SET retry_backoff = false, retry_delay = ${retryInMs === null ? 0 : Math.round(retryInMs / 1000)},
          retry_limit = ${retryInMs === null ? sql`retry_count` : sql`retry_limit`}
        WHERE name = ${job.kind} AND id = ${job.id}::uuid`.execute(trx);
      await boss.fail(job.kind, job.id, { error, worker: workerId }, { db: on(trx) });
      return true;
    });
  }

  // Jobs left in the `jobs` table (a site moved from the embedded database, a restored backup): queued again here.
  // Their queues first: making one attaches a partition, which would wait for the transaction.
  const left = await sql<{ kind: string }>`SELECT DISTINCT kind FROM jobs WHERE state IN ('queued', 'running')`.execute(db);
  for (const { kind } of left.rows) await ensureQueue(kind);
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ kind: string; payload: unknown; dedupe_key: string | null; attempts: number; max_attempts: number }>`
      DELETE FROM jobs WHERE state IN ('queued', 'running') RETURNING kind, payload, dedupe_key, attempts, max_attempts`.execute(trx);
    for (const row of rows) {
      await ensureQueue(row.kind);
      await insert(
        {
          kind: row.kind,
          payload: row.payload,
          ...(row.dedupe_key && { dedupeKey: row.dedupe_key }),
          maxAttempts: Math.max(1, row.max_attempts - row.attempts),
        },
        trx,
      );
    }
    if (rows.length) options.log(`job queue: ${rows.length} job(s) of the jobs table queued again in pg-boss`);
  });

  let start = 0;
  return {
    async insert(job, trx) {
      await ensureQueue(job.kind);
      return trx ? insert(job, trx) : db.transaction().execute((t) => insert(job, t));
    },

    async claim(kinds, workerId, leaseMs) {
      // Each claim starts at the next kind, so a long backlog of one kind never starves the others.
      start = (start + 1) % Math.max(1, kinds.length);
      for (const kind of [...kinds.slice(start), ...kinds.slice(0, start)]) {
        await ensureQueue(kind);
        const [job] = await boss.fetch<unknown>(kind, { batchSize: 1, includeMetadata: true });
        if (!job) continue;
        await sql`
          UPDATE pgboss.job SET output = ${JSON.stringify({ worker: workerId, progress: 0 })}::jsonb, expire_in = (now() - started_on) + ${interval(leaseMs)}
          WHERE name = ${kind} AND id = ${job.id}::uuid AND state = 'active'`.execute(db);
        return { id: job.id, kind, payload: job.data, attempts: job.retryCount + 1, maxAttempts: job.retryLimit };
      }
      return undefined;
    },

    async heartbeat(job, workerId, leaseMs, progress) {
      const { rows } = await sql`
        UPDATE pgboss.job SET expire_in = (now() - started_on) + ${interval(leaseMs)},
          output = output || jsonb_build_object('progress', coalesce(${progress ?? null}::integer, (output->>'progress')::integer, 0))
        WHERE name = ${job.kind} AND id = ${job.id}::uuid AND state = 'active'
          AND retry_count = ${job.attempts - 1} AND output->>'worker' = ${workerId}
        RETURNING id`.execute(db);
      return rows.length > 0;
    },

    complete: (job, workerId) =>
      db.transaction().execute(async (trx) => {
        if (!(await mine(trx, job, workerId))) return false;
        await boss.complete(job.kind, job.id, { progress: 100 }, { db: on(trx) });
        return true;
      }),

    retry: (job, workerId, delayMs, error) => failJob(job, workerId, error, delayMs),
    fail: (job, workerId, error) => failJob(job, workerId, error, null),

    async release(job, workerId) {
      // Queued again at once, this attempt not counted (a job that had not run before looks never fetched).
      const { rows } = await sql`
        UPDATE pgboss.job SET start_after = now(), output = NULL,
          state = CASE WHEN retry_count = 0 THEN 'created' ELSE 'retry' END::pgboss.job_state,
          started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
          retry_count = greatest(retry_count - 1, 0)
        WHERE name = ${job.kind} AND id = ${job.id}::uuid AND state = 'active'
          AND retry_count = ${job.attempts - 1} AND output->>'worker' = ${workerId}
        RETURNING id`.execute(db);
      return rows.length > 0;
    },

    async get(id) {
      if (!UUID.test(id)) return undefined;
      const { rows } = await sql<BossRow>`
        SELECT ${COLUMNS} FROM pgboss.job WHERE id = ${id}::uuid
        UNION ALL SELECT ${COLUMNS} FROM pgboss.archive WHERE id = ${id}::uuid
        LIMIT 1`.execute(db);
      return rows[0] && toRecord(rows[0]);
    },

    async find(kind, dedupeKey) {
      const { rows } = await sql<BossRow>`
        SELECT * FROM (
          SELECT ${COLUMNS}, created_on FROM pgboss.job WHERE name = ${kind} AND singleton_key = ${dedupeKey}
          UNION ALL SELECT ${COLUMNS}, created_on FROM pgboss.archive WHERE name = ${kind} AND singleton_key = ${dedupeKey}
        ) j ORDER BY created_on DESC LIMIT 1`.execute(db);
      return rows[0] && toRecord(rows[0]);
    },

    async purgeFinished(before, limit) {
      let removed = 0;
      for (const table of [sql`pgboss.job`, sql`pgboss.archive`]) {
        const result = await sql`
          DELETE FROM ${table} WHERE id IN (
            SELECT id FROM ${table} WHERE state > 'active' AND completed_on < ${before} LIMIT ${limit - removed}
          )`.execute(db);
        removed += Number(result.numAffectedRows ?? 0);
        if (removed >= limit) break;
      }
      return removed;
    },

    async close() {
      await boss.stop({ graceful: false, close: true, wait: true });
    },
  };
}
