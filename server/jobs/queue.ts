/**
 * The job queue (DECISIONS.md "Jobs"): one interface for work that outlives a request (transcoding
 * members' videos, imports, later image conversion). The worker loop here is the same for every
 * backend; where the jobs are kept is a JobStore:
 *
 * - the embedded database (PGlite): the `jobs` table (tableStore, db/repositories/jobs.ts), polled
 *   by the one process;
 * - PostgreSQL: pg-boss (jobs/boss-store.ts), its own schema in the site's database, shared by
 *   every instance and worker-only machine (`md worker`).
 *
 * Either way:
 * - a claim takes the next due job with FOR UPDATE SKIP LOCKED, so two workers never take the same job;
 * - the claim takes a lease (LEASE_MS) that the worker renews while the job runs; a worker that
 *   died (a crash, a killed machine) stops renewing, and once the lease runs out the job is
 *   claimed again: jobs survive restarts;
 * - a worker that stops on purpose (the server closing) aborts its job and hands it back at once;
 * - a failure is retried after a growing delay up to the job's maxAttempts; a PermanentJobError
 *   (bad input) is not retried; either way a job that fails for good calls its handler's `failed`;
 * - a dedupe key keeps one live (queued or running) job per key;
 * - progress is written to the job (and by the handler to whatever it concerns) at most once a second.
 *
 * Handlers must be idempotent: a job may run again after a crash part way through.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { jobsRepository, type ClaimedJob, type JobRecord, type NewJob } from '../db/repositories/jobs.ts';

export type { ClaimedJob, JobRecord };

/** A failure that another attempt cannot mend (the input is wrong): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    /** What the handler's `failed` may report (a reason code). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface RunningJob<P> {
  id: string;
  kind: string;
  payload: P;
  /** This attempt, from 1. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the worker stops or loses the job's lease: stop soon, leave nothing half made. */
  signal: AbortSignal;
  /** 0..100; written to the job at most once a second (and renews the lease). */
  progress(percent: number): void;
}

export interface JobHandler<P> {
  run(job: RunningJob<P>): Promise<void>;
  /** Called once when the job fails for good (permanent error, or its last attempt failed). */
  failed?(job: { id: string; payload: P; attempt: number }, error: Error): Promise<void>;
}

export interface EnqueueOptions {
  /** While a job with this key is queued or running, enqueueing another answers that one. */
  dedupeKey?: string;
  delayMs?: number;
  maxAttempts?: number;
  /** Queue inside this transaction: the job exists only if the transaction commits. */
  trx?: Kysely<Schema>;
}

export interface WorkerOptions {
  /** Jobs this instance runs at once; 0 runs none (workers live on other machines). */
  concurrency?: number;
}

export interface JobQueue {
  enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<{ id: string; created: boolean }>;
  /** Registers the handler of a kind; workers claim only kinds they have a handler for. */
  handle<P>(kind: string, handler: JobHandler<P>): void;
  /** Starts the worker loop (idempotent). */
  start(options?: WorkerOptions): void;
  /** Stops claiming, aborts and hands back running jobs, and waits for them to settle. */
  stop(): Promise<void>;
  /** Stops the workers and lets go of what the store holds open (pg-boss's connections). */
  close(): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  /** The newest job of `kind` queued with `dedupeKey`, whatever its state. */
  find(kind: string, dedupeKey: string): Promise<JobRecord | undefined>;
  /** Removes jobs that finished (done or failed) before `before`; answers how many. */
  purgeFinished(before: Date): Promise<number>;
  /** Wakes an idle worker of this process now (after the transaction that queued a job commits). */
  poke(): void;
  /** Where the jobs are kept (tests play a worker that dies with it). */
  readonly store: JobStore;
}

/**
 * Where a queue keeps its jobs. Every call that settles a job names the worker and is refused
 * (false) when the job is no longer that worker's (its lease ran out and another claimed it).
 */
export interface JobStore {
  /** `trx`: queue inside that transaction. A live job with the same dedupe key is answered instead. */
  insert(job: NewJob, trx?: Kysely<Schema>): Promise<{ id: string; created: boolean }>;
  claim(kinds: string[], workerId: string, leaseMs: number): Promise<ClaimedJob | undefined>;
  /** Renews the lease (and records progress when given). */
  heartbeat(job: ClaimedJob, workerId: string, leaseMs: number, progress?: number): Promise<boolean>;
  complete(job: ClaimedJob, workerId: string): Promise<boolean>;
  /** Back to the queue after `delayMs`, the error kept. */
  retry(job: ClaimedJob, workerId: string, delayMs: number, error: string): Promise<boolean>;
  /** Failed for good: no further attempt. */
  fail(job: ClaimedJob, workerId: string, error: string): Promise<boolean>;
  /** Handed back at once by a worker that stops on purpose, the attempt not counted. */
  release(job: ClaimedJob, workerId: string): Promise<boolean>;
  get(id: string): Promise<JobRecord | undefined>;
  find(kind: string, dedupeKey: string): Promise<JobRecord | undefined>;
  /** Removes at most `limit` jobs finished before `before`; answers how many. */
  purgeFinished(before: Date, limit: number): Promise<number>;
  close?(): Promise<void>;
}

/** The `jobs` table as a store (the embedded database). */
export function tableStore(db: Kysely<Schema>): JobStore {
  const repo = jobsRepository(db);
  return {
    insert: (job, trx) => repo.insert(job, trx),
    claim: (kinds, workerId, leaseMs) => repo.claim(kinds, workerId, leaseMs),
    heartbeat: (job, workerId, leaseMs, progress) => repo.heartbeat(job.id, workerId, leaseMs, progress),
    complete: (job, workerId) => repo.complete(job.id, workerId),
    retry: (job, workerId, delayMs, error) => repo.retry(job.id, workerId, delayMs, error),
    fail: (job, workerId, error) => repo.fail(job.id, workerId, error),
    release: (job, workerId) => repo.release(job.id, workerId),
    get: (id) => repo.get(id),
    find: (kind, dedupeKey) => repo.find(kind, dedupeKey),
    purgeFinished: (before, limit) => repo.purgeFinished(before, limit),
  };
}

export interface TableQueueOptions {
  /** How long a claim holds a job without a heartbeat. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (a job queued by this process wakes it at once). */
  pollMs?: number;
  /** Delay before attempt n + 1 after attempt n failed. */
  backoffMs?: (attempt: number) => number;
  log?: (message: string) => void;
  /** Names this worker in the table (locked_by). */
  workerId?: string;
}

export const LEASE_MS = 60_000;
export const POLL_MS = 1_000;
const PROGRESS_EVERY_MS = 1_000;
const PURGE_BATCH = 1_000;
/** 30 s, 2 min, 8 min, … at most an hour. */
export const defaultBackoff = (attempt: number) => Math.min(3_600_000, 30_000 * 4 ** Math.max(0, attempt - 1));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export function tableQueue(db: Kysely<Schema>, options: TableQueueOptions = {}): JobQueue {
  return storeQueue(tableStore(db), options);
}

/** The worker loop over any store. */
export function storeQueue(repo: JobStore, options: TableQueueOptions = {}): JobQueue {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const pollMs = options.pollMs ?? POLL_MS;
  const backoff = options.backoffMs ?? defaultBackoff;
  const log = options.log ?? ((m: string) => console.warn(m));
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler<unknown>>();
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let loop: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;

  const wakeUp = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      wake = done;
    });

  async function execute(job: ClaimedJob, controller: AbortController): Promise<void> {
    const handler = handlers.get(job.kind)!;
    let lost = false;
    let pending: number | undefined;
    let written = Date.now();
    const beat = async (progress?: number) => {
      const mine = await repo.heartbeat(job, workerId, leaseMs, progress).catch((error: unknown) => {
        log(`job ${job.id}: heartbeat failed: ${messageOf(error)}`);
        return true;
      });
      if (!mine && !controller.signal.aborted) {
        lost = true;
        controller.abort(new Error('the job’s lease was lost'));
      }
    };
    const timer = setInterval(
      () => {
        const progress = pending;
        pending = undefined;
        void beat(progress);
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const info = { id: job.id, payload: job.payload, attempt: job.attempts };
    try {
      // The worker that ran the last attempt died: nothing is left to try.
      if (job.attempts > job.maxAttempts) throw new PermanentJobError(`gave up after ${job.maxAttempts} attempts`);
      await handler.run({
        ...info,
        kind: job.kind,
        maxAttempts: job.maxAttempts,
        signal: controller.signal,
        progress(percent) {
          pending = Math.max(0, Math.min(100, Math.round(percent)));
          if (Date.now() - written >= PROGRESS_EVERY_MS) {
            written = Date.now();
            const p = pending;
            pending = undefined;
            void beat(p);
          }
        },
      });
      if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
      await repo.complete(job, workerId);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      if (lost) {
        log(`job ${job.id} (${job.kind}): lease lost, left to the worker that has it`);
        return;
      }
      if (stopping && controller.signal.aborted) {
        await repo.release(job, workerId).catch((e: unknown) => log(`job ${job.id}: release failed: ${messageOf(e)}`));
        return;
      }
      if (!(error instanceof PermanentJobError) && job.attempts < job.maxAttempts) {
        log(`job ${job.id} (${job.kind}) attempt ${job.attempts} failed, retried later: ${messageOf(error)}`);
        await repo.retry(job, workerId, backoff(job.attempts), messageOf(error));
        return;
      }
      log(`job ${job.id} (${job.kind}) failed: ${messageOf(error)}`);
      try {
        await handler.failed?.(info, error);
      } catch (hookError) {
        log(`job ${job.id} (${job.kind}): its failure hook failed: ${messageOf(hookError)}`);
      }
      await repo.fail(job, workerId, messageOf(error));
    } finally {
      clearInterval(timer);
    }
  }

  async function run(concurrency: number): Promise<void> {
    while (!stopping) {
      if (active.size >= concurrency) {
        await sleep(pollMs);
        continue;
      }
      let job: ClaimedJob | undefined;
      try {
        job = await repo.claim([...handlers.keys()], workerId, leaseMs);
      } catch (error) {
        if (!stopping) log(`job queue: claim failed: ${messageOf(error)}`);
        await sleep(pollMs);
        continue;
      }
      if (!job) {
        await sleep(pollMs);
        continue;
      }
      const claimed = job;
      const entry = { controller: new AbortController(), done: Promise.resolve() };
      entry.done = execute(claimed, entry.controller)
        .catch((error: unknown) => log(`job ${claimed.id}: ${messageOf(error)}`))
        .finally(() => {
          active.delete(claimed.id);
          wakeUp();
        });
      active.set(claimed.id, entry);
    }
  }

  const queue: JobQueue = {
    store: repo,
    async enqueue(kind, payload, enqueueOptions = {}) {
      const { trx, ...rest } = enqueueOptions;
      const queued = await repo.insert({ kind, payload, ...rest }, trx);
      // A worker of this process starts on it now; with a transaction, once the caller commits (the next poll at the latest).
      if (!trx) wakeUp();
      return queued;
    },
    handle(kind, handler) {
      handlers.set(kind, handler as JobHandler<unknown>);
    },
    start(workerOptions = {}) {
      const concurrency = workerOptions.concurrency ?? 1;
      if (loop || concurrency < 1) return;
      stopping = false;
      loop = run(concurrency);
    },
    async stop() {
      stopping = true;
      wakeUp();
      await loop;
      loop = null;
      for (const [, entry] of active) entry.controller.abort(new Error('the worker is stopping'));
      await Promise.allSettled([...active.values()].map((e) => e.done));
    },
    async close() {
      await queue.stop();
      await repo.close?.();
    },
    get: (id) => repo.get(id),
    find: (kind, dedupeKey) => repo.find(kind, dedupeKey),
    async purgeFinished(before) {
      let removed = 0;
      for (;;) {
        const n = await repo.purgeFinished(before, PURGE_BATCH);
        removed += n;
        if (n < PURGE_BATCH) return removed;
      }
    },
    poke: wakeUp,
  };
  return queue;
}
