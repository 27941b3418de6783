import type { App } from './app.ts';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { LOCKS, migrate } from './db/migrate.ts';
import { startBackgroundClips } from './jobs/background-clips.ts';
import { every, purgeExpired } from './jobs/maintenance.ts';
import { UPLOAD_SWEEP_EVERY_MS, startUploadSweeper } from './jobs/upload-sweeper.ts';
import { startWorks } from './jobs/works-maintenance.ts';
import { locateFfmpeg } from './media/ffmpeg.ts';
import { backfillAccountKeys } from './routes/login/account-key.ts';
import { memoryStores, redisStores } from './plugins/stores.ts';
import { seedRepository } from './db/repositories/seed.ts';
import { ensureMedia, seedDatabase } from './seed/seed.ts';
import { seedMembers } from './seed/members.ts';

export interface StartOptions {
  logger?: boolean | { level: string };
  encodeClips?: boolean;
  /**
   * Whether the long demo clips are encoded once ready (server/jobs/background-clips.ts); with
   * encodeClips by default. Tests of the first-start media turn it off.
   */
  backgroundClips?: boolean;
  /** See DatabaseOptions.onQuery. */
  onQuery?: (sql: string) => void;
  /**
   * Whether the periodic sweeps run (expired rows, uploads, works; the first 5 s after ready).
   * Tests that count a call's queries turn them off so a sweep's DELETE is not counted.
   */
  sweeps?: boolean;
  /** The local channel's key (operators/local-channel.ts); random when not given. */
  operatorKey?: string;
  /** See DatabaseOptions.pgliteTemplate. */
  pgliteTemplate?: Blob;
}

/** Opens the database and stores, migrates, and builds the app (not yet ready, not listening). */
export async function createServer(config: ServerConfig, options: StartOptions = {}): Promise<App> {
  const database = await openDatabase({ ...config, onQuery: options.onQuery, pgliteTemplate: options.pgliteTemplate });
  await migrate(database);
  const stores = config.redisUrl ? redisStores(config.redisUrl, config.redisPrefix) : memoryStores();
  const app = await buildApp({ config, database, stores, logger: options.logger, operatorKey: options.operatorKey });
  await backfillAccountKeys(app.ctx);
  return app;
}

const PURGE_EVERY_MS = 10 * 60_000;

export interface PrepareReport {
  seeded: boolean;
  images: number;
  clips: string[];
  sprites: string[];
  ms: number;
}

/** Media and seed, then /healthz turns 200. Everything is skipped when already in place. */
export async function prepare(app: App, options: StartOptions = {}): Promise<PrepareReport> {
  const started = performance.now();
  const { config } = app.ctx;
  const encodeClips = options.encodeClips ?? true;
  const ffmpeg = encodeClips ? locateFfmpeg(config.ffmpegPath) : '';
  const media = await ensureMedia({ mediaDir: config.mediaDir, imageKey: config.keys.imageKey, ffmpeg, encodeClips });
  const seeded = await app.ctx.database.withLock(LOCKS.seed, async () => {
    const done = await seedDatabase(app.ctx.database);
    await app.ctx.comments.seedDemo();
    // After the demo comments: their guard is "no comment yet", and the demo member writes some.
    const members = await seedMembers(app.ctx.database.db, {
      timeZone: config.timeZone,
      demoPassword: config.demoPassword,
    });
    // The lengths the encoded clips really have (older media folders, or another pool's lengths).
    await seedRepository(app.ctx.database.db).syncClipDurations(media.durations);
    return done || members;
  });
  const warn = (m: string) => app.log.warn(m);
  const stopWorks = startWorks(app.ctx, warn);
  if (options.sweeps ?? true) {
    app.ctx.jobs.push(every('purge of expired rows', PURGE_EVERY_MS, () => purgeExpired(app.ctx), warn));
    app.ctx.jobs.push(startUploadSweeper(app.ctx, UPLOAD_SWEEP_EVERY_MS, warn));
    app.ctx.jobs.push(stopWorks);
  } else {
    stopWorks();
  }
  if (encodeClips && (options.backgroundClips ?? true)) {
    app.ctx.jobs.push(startBackgroundClips(app.ctx, { ffmpeg, log: (m) => app.log.warn(m) }).stop);
  }
  app.ctx.ready = true;
  return { seeded, ...media, ms: Math.round(performance.now() - started) };
}
