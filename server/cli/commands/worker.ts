/**
 * `npm run md -- worker`: a process that runs the job workers and nothing else (no HTTP server), so
 * transcodes and imports can run on machines of their own. It opens the site's database
 * (DATABASE_URL) and Redis (REDIS_URL, which carries the cache invalidations a finished job sends to
 * the instances), registers every kind of server/jobs/registry.ts and claims jobs from the shared
 * queue until SIGTERM or SIGINT, when it hands its running jobs back (the queue's stop) and exits 0.
 * A worker that dies instead (SIGKILL, a lost machine) leaves its job to the others once the job's
 * lease runs out (MD_JOB_LEASE_SECONDS).
 */
import { hostname } from 'node:os';
import { ConfigError, loadConfig } from '../../config.ts';
import type { HandlerTarget } from '../../jobs/registry.ts';
import { CliError, intValue, type Command } from '../framework.ts';

export interface WorkerReport {
  worker: string;
  kinds: string[];
  concurrency: number;
  /** Jobs this process finished, that failed here (retried later or for good), and that it handed back when stopping. */
  done: number;
  failed: number;
  handedBack: number;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Settles on the first SIGTERM or SIGINT. */
function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      resolve(signal);
    };
    const onTerm = () => stop('SIGTERM');
    const onInt = () => stop('SIGINT');
    process.once('SIGTERM', onTerm);
    process.once('SIGINT', onInt);
  });
}

const worker: Command<WorkerReport> = {
  name: 'worker',
  summary: 'Run the job workers (members’ transcodes, imports: every kind of job) with no HTTP server, until SIGTERM',
  description: [
    'Needs DATABASE_URL (the site’s PostgreSQL), and REDIS_URL when the site uses Redis (finished jobs',
    'clear the instances’ caches through it). MEDIA_DIR and TUS_DIR must be the storage the instances',
    'share, and the MD_* keys theirs. SIGTERM or SIGINT hands running jobs back to the queue at once;',
    'a worker that dies leaves its job to another once its lease (MD_JOB_LEASE_SECONDS) runs out.',
    'On the embedded database the server runs the jobs itself (MD_JOB_WORKERS).',
  ].join('\n'),
  options: {
    concurrency: { type: 'string', placeholder: 'n', description: 'jobs run at once (default: MD_JOB_WORKERS, else 1)' },
  },
  examples: ['worker', 'worker --concurrency 2', 'worker --json   # one JSON report on stdout when it stops'],
  async run({ options, note }) {
    let config;
    try {
      config = loadConfig({ ...process.env, ...(options['data-dir'] !== undefined && { DATA_DIR: String(options['data-dir']) }) });
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(error.message);
      throw error;
    }
    const concurrency = options.concurrency !== undefined ? intValue(options.concurrency, '--concurrency') : Math.max(1, config.jobWorkers);
    if (!config.databaseUrl) {
      throw new CliError(
        'worker needs DATABASE_URL: workers share the PostgreSQL queue with the instances. On the embedded database the server runs the jobs itself (MD_JOB_WORKERS)',
      );
    }
    // Loaded only here: help and usage errors need none of the server's graph.
    const { createServer } = await import('../../bootstrap.ts');
    const { registerJobHandlers } = await import('../../jobs/registry.ts');
    const app = await createServer(config, { logger: { level: config.logLevel } });
    const report: WorkerReport = { worker: `${hostname()}:${process.pid}`, kinds: [], concurrency, done: 0, failed: 0, handedBack: 0 };
    let stopping = false;
    // Each handler wrapped to tell the operator what runs, and count it.
    const target: HandlerTarget = {
      handle(kind, handler) {
        app.ctx.queue.handle(kind, {
          async run(job) {
            const started = Date.now();
            note(`job ${job.id} (${kind}) started, attempt ${job.attempt} of ${job.maxAttempts}`);
            try {
              await handler.run(job);
            } catch (error) {
              if (stopping && job.signal.aborted) {
                report.handedBack++;
                note(`job ${job.id} (${kind}) handed back after ${seconds(started)}`);
              } else {
                report.failed++;
                note(`job ${job.id} (${kind}) failed after ${seconds(started)}: ${(error as Error).message}`);
              }
              throw error;
            }
            report.done++;
            note(`job ${job.id} (${kind}) done in ${seconds(started)}`);
          },
          ...(handler.failed && { failed: handler.failed.bind(handler) }),
        });
      },
    };
    try {
      report.kinds = registerJobHandlers(app.ctx, target);
      const stopped = untilStopped();
      app.ctx.queue.start({ concurrency });
      note(
        `md worker ${report.worker}: running ${report.kinds.join(', ')} (${concurrency} at a time) on PostgreSQL${config.redisUrl ? ' and Redis' : ''}; SIGTERM stops it`,
      );
      const signal = await stopped;
      stopping = true;
      note(`md worker: ${signal}, handing back running jobs`);
    } finally {
      // Stops the queue (running jobs aborted and released), then the database and Redis.
      await app.close();
    }
    return report;
  },
  print(r, out) {
    out(`worker ${r.worker} stopped: ${r.done} done, ${r.failed} failed, ${r.handedBack} handed back`);
  },
};

export const WORKER_COMMANDS: Command[] = [worker];
