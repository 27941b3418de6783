import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PgliteDialect } from './pglite-dialect.ts';
import type { Schema } from './schema.ts';

export interface Database {
  db: Kysely<Schema>;
  /**
   * Runs a script of several statements in one round trip on one session (migrations). When it
   * fails, an open transaction of the script is rolled back on that same session.
   */
  exec(sql: string): Promise<void>;
  kind: 'postgres' | 'pglite';
  /**
   * Runs `work` holding a database-wide lock named by `key`, so instances starting together take
   * turns (migrations, seeding). PGlite is opened by one process only and needs none.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  pgliteDir: string;
  /** Called with the SQL of every query Kysely runs (tests count queries per request with it). */
  onQuery?: (sql: string) => void;
  /**
   * An initialised, empty PGlite cluster (PGlite's dumpDataDir) an in-memory database starts from
   * instead of running initdb, most of an in-memory start; the server tests pass one.
   */
  pgliteTemplate?: Blob;
}

function queryLog(options: DatabaseOptions) {
  const onQuery = options.onQuery;
  return onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql);
      }
    : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    // PostgreSQL may end an idle connection (a restart, an administrator): the pool drops it and
    // the next query opens another. Unheard, the pool's error event would end the process.
    pool.on('error', (error) => console.warn(`database: an idle connection was closed (${error.message})`));
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) });
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        const client = await pool.connect();
        try {
          await client.query(sql);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      withLock: async (key, work) => {
        // A session-level advisory lock lives on one connection: hold that one until the work is done.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key]);
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  }
  if (options.pgliteDir !== 'memory://') mkdirSync(options.pgliteDir, { recursive: true });
  const client =
    options.pgliteDir === 'memory://'
      ? await PGlite.create(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {})
      : await PGlite.create(options.pgliteDir);
  const db = new Kysely<Schema>({ dialect: new PgliteDialect(client), log: queryLog(options) });
  const locks = new Map<number, Promise<unknown>>();
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      try {
        await client.exec(sql);
      } catch (error) {
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    withLock: (key, work) => {
      // One process owns the data folder; within it, callers of one lock take turns.
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.then(work, work);
      locks.set(
        key,
        run.catch(() => undefined),
      );
      return run;
    },
    close: () => db.destroy(),
  };
}
