/**
 * How the tool reaches the operators' API, one code path for every command either way:
 *
 * - a live server holds the data folder (DATA_DIR/operator.json names its pid, key and address):
 *   the tool calls it over HTTP through the local channel (operators/local-channel.ts);
 * - no server holds it: the tool claims the folder (the same file, holder 'cli'), builds the app in
 *   this process on it (createServer without listening; PGlite opens in one process only, so a
 *   server starting meanwhile waits) and injects the same calls with the app's own key.
 *
 * With DATABASE_URL the same applies (the running server's caches then hear the change at once).
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { OPERATOR_KEY_HEADER, OPERATOR_NAME_HEADER } from '../../protocol/admin-api.ts';
import { CODES, type Envelope } from '../../protocol/envelope.ts';
import type { App } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { liveHolder, operatorFilePath, removeOperatorFile, removeStaleOperatorFile } from '../operators/local-channel.ts';
import { CliError, type Connector } from './framework.ts';

export interface AdminClient {
  /** Calls one admin path with a JSON body; answers its data, or throws CliError with the server's code and tip. */
  call<T>(path: string, body: unknown): Promise<T>;
  readonly via: 'http' | 'in-process';
  /** The server's address, or the data folder opened in this process. */
  readonly where: string;
  close(): Promise<void>;
  /**
   * In-process only: runs this process's job worker for imports (no server runs them while the tool
   * holds the data folder); it stops when the client closes.
   */
  runImportJobs?(): Promise<void>;
}

/** Who is at the keyboard, for the audit log (cli:<name>). */
export function operatorName(env: Record<string, string | undefined>): string {
  try {
    return userInfo().username || env.USER || 'operator';
  } catch {
    return env.USER || 'operator';
  }
}

/** An envelope's data, or the refusal as a CliError that names the code. */
export function dataOf<T>(envelope: Envelope<T>, path: string): T {
  if (envelope.code === CODES.OK) return envelope.data as T;
  const short = path.replace(/^\/api\/app\/admin\//, '');
  throw new CliError(`${short} refused (${envelope.code}): ${envelope.tip}`, envelope.code);
}

/** The admin API of a server listening at `url`, through its local channel. */
export function httpClient(url: string, key: string, name: string, pid: number): AdminClient {
  return {
    via: 'http',
    where: url,
    async call<T>(path: string, body: unknown): Promise<T> {
      let response: Response;
      try {
        response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: key, [OPERATOR_NAME_HEADER]: name },
          body: JSON.stringify(body ?? {}),
          signal: AbortSignal.timeout(10 * 60_000),
        });
      } catch (error) {
        throw new CliError(
          `the server (pid ${pid}) holds the data folder but does not answer at ${url}: ${(error as Error).cause ?? (error as Error).message}`,
        );
      }
      const text = await response.text();
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(text) as Envelope<T>;
      } catch {
        throw new CliError(`the server at ${url} answered HTTP ${response.status} without an envelope`);
      }
      if (response.status === 401)
        throw new CliError(
          `the server at ${url} refused the tool's key (${envelope.tip}): is ${OPERATOR_KEY_HEADER} from this server's operator.json?`,
          envelope.code,
        );
      return dataOf(envelope, path);
    },
    async close() {},
  };
}

/** The admin API of an app in this process (tests, and the tool when no server runs). */
export function injectClient(app: App, name: string, where: string, close: () => Promise<void> = async () => undefined): AdminClient {
  return {
    via: 'in-process',
    where,
    async call<T>(path: string, body: unknown): Promise<T> {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: app.ctx.operatorKey, [OPERATOR_NAME_HEADER]: name },
        payload: JSON.stringify(body ?? {}),
      });
      return dataOf(response.json() as Envelope<T>, path);
    },
    close,
    async runImportJobs() {
      // Loaded only here, like the app itself: asking a running server needs none of it.
      const [{ IMPORT_JOB, videoImportHandler }, { locateFfmpeg }, { locateFfprobe }] = await Promise.all([
        import('../jobs/video-import.ts'),
        import('../media/ffmpeg.ts'),
        import('../media/ffprobe.ts'),
      ]);
      app.ctx.queue.handle(IMPORT_JOB, videoImportHandler(app.ctx, { ffmpeg: locateFfmpeg(app.ctx.config.ffmpegPath), ffprobe: locateFfprobe() }));
      app.ctx.queue.start({ concurrency: 1 });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the data folder for this process: creates operator.json only when there is none (two tools never both open it). */
function claimForTool(dataDir: string): boolean {
  const path = operatorFilePath(dataDir);
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, `${JSON.stringify({ holder: 'cli', pid: process.pid, url: null, key: '', startedAt: new Date().toISOString() }, null, 2)}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** How long the tool waits for a starting server's address or another tool's turn. */
const WAIT_MS = 60_000;

export const connect: Connector = async ({ dataDir, env, note }) => {
  let config;
  try {
    config = loadConfig({ ...env, ...(dataDir !== undefined && { DATA_DIR: dataDir }) });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  if (config.dataDir === 'memory://') throw new CliError('DATA_DIR is memory://: there is no data folder to reach');
  const folder = config.dataDir;
  const name = operatorName(env);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    let holder;
    try {
      holder = liveHolder(folder);
    } catch (error) {
      throw new CliError(`cannot read ${operatorFilePath(folder)} (${(error as Error).message}): run the tool as the system user the server runs as`);
    }
    if (holder === 'unreadable') {
      // Being written this instant, or left damaged: wait a little, then take it for stale.
      if (Date.now() < until - WAIT_MS + 2_000) {
        await sleep(100);
        continue;
      }
      rmSync(operatorFilePath(folder), { force: true });
      continue;
    }
    if (holder?.holder === 'server' && holder.url && holder.key) return httpClient(holder.url, holder.key, name, holder.pid);
    if (holder) {
      if (Date.now() > until) {
        throw new CliError(
          holder.holder === 'server'
            ? `the server (pid ${holder.pid}) holding ${folder} has not started listening; try again when /healthz answers`
            : `another md command (pid ${holder.pid}) is using ${folder}; try again when it is done`,
        );
      }
      await sleep(200);
      continue;
    }
    // No live holder: a file left by a process that is gone is stale (read again just before: a
    // server may have claimed the folder since).
    removeStaleOperatorFile(folder);
    if (!config.databaseUrl && !existsSync(join(config.pgliteDir, 'PG_VERSION'))) {
      throw new CliError(
        `no site data in ${folder}: start the server once (npm start), or name the site's data folder with --data-dir or DATA_DIR (or set DATABASE_URL)`,
      );
    }
    mkdirSync(folder, { recursive: true });
    if (claimForTool(folder)) break;
  }
  note(`md: no server is running on ${folder}; opening it in this process`);
  try {
    // Loaded only here: the server's whole graph (PGlite, sharp …) is not needed to ask a running server.
    const { createServer } = await import('../bootstrap.ts');
    const app = await createServer(config, { logger: false });
    return injectClient(app, name, folder, async () => {
      try {
        await app.close();
      } finally {
        removeOperatorFile(folder, process.pid);
      }
    });
  } catch (error) {
    removeOperatorFile(folder, process.pid);
    throw error;
  }
};
