import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

/** Advisory lock keys (pg_advisory_lock): one per kind of start-up work. */
export const LOCKS = { migrate: 0x6d640001, seed: 0x6d640002 } as const;

/**
 * Applies pending migrations in order, each in its own transaction, holding the migration lock so
 * instances starting together never apply one twice. Returns the names applied.
 */
export function migrate(database: Database, migrations = listMigrations()): Promise<string[]> {
  return database.withLock(LOCKS.migrate, () => migrateLocked(database, migrations));
}

async function migrateLocked(database: Database, migrations: Migration[]): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(await appliedVersions(database));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    // One script per migration: the same atomic unit on PostgreSQL and PGlite.
    await database.exec(`BEGIN;\n${m.sql}\n;INSERT INTO schema_migrations (version, name) VALUES (${m.version}, '${m.name.replace(/'/g, "''")}');\nCOMMIT;`);
    applied.push(m.name);
  }
  return applied;
}

async function appliedVersions(database: Database): Promise<number[]> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(database.db);
  return rows.map((r) => Number(r.version));
}
