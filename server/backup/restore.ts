/**
 * The database half of a restore: an unpacked dump (archive.ts) loaded into an empty database, on
 * PGlite or PostgreSQL alike. The schema is made by this code's own migrations, only those the
 * archive had, then the rows go in as one transaction (foreign keys dropped and added back, which
 * checks every row), the sequences are set, and the migrations the archive did not have yet run.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/database.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { backupRepository } from '../db/repositories/backup.ts';
import type { BackupManifest } from './format.ts';

export class RestoreRefused extends Error {}

/** Rows per INSERT, and the text they may add up to. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 2 << 20;

/** Refuses an archive whose migrations this code does not have (made by a newer or another version). */
export function checkMigrations(manifest: BackupManifest): void {
  const known = new Map(listMigrations().map((m) => [m.version, m.name]));
  for (const m of manifest.migrations) {
    const name = known.get(m.version);
    if (name === undefined) throw new RestoreRefused(`the archive was made by a newer version of the site (migration ${m.name}): restore it with that version`);
    if (name !== m.name)
      throw new RestoreRefused(`the archive's migration ${m.version} is ${m.name}, this version's is ${name}: restore it with the version that made it`);
  }
}

/** The tables of a database that already holds a site, with their rows; empty when restoring there is allowed. */
export function siteRows(database: Database): Promise<Record<string, number>> {
  return backupRepository(database.db).siteRows();
}

export interface LoadReport {
  tables: { name: string; rows: number; restored: number }[];
  sequences: number;
  migrationsAfter: string[];
}

/** Loads the dump in `dumpDir` into `database`, which holds no site (the caller checked). */
export async function loadDump(
  database: Database,
  dumpDir: string,
  manifest: BackupManifest,
  onProgress?: (done: number, total: number, label: string) => void,
): Promise<LoadReport> {
  checkMigrations(manifest);
  const archived = new Set(manifest.migrations.map((m) => m.version));
  await migrate(
    database,
    listMigrations().filter((m) => archived.has(m.version)),
  );
  const repo = backupRepository(database.db);
  const present = new Map((await repo.tables()).map((t) => [t.name, new Set(t.columns)]));
  for (const table of manifest.tables) {
    const columns = present.get(table.name);
    if (!columns) throw new RestoreRefused(`the archive has table ${table.name}, which the migrations did not make`);
    const unknown = table.columns.filter((c) => !columns.has(c));
    if (unknown.length) throw new RestoreRefused(`the archive's table ${table.name} has columns the migrations did not make: ${unknown.join(', ')}`);
  }
  const total = manifest.tables.reduce((a, t) => a + t.rows, 0);
  let done = 0;
  const counts = await database.db.transaction().execute(async (trx) => {
    const keys = await repo.foreignKeys(trx);
    for (const key of keys) await repo.dropForeignKey(trx, key);
    await repo.truncate(
      trx,
      manifest.tables.map((t) => t.name),
    );
    for (const table of manifest.tables) {
      if (table.rows === 0) continue;
      const lines = createInterface({ input: createReadStream(join(dumpDir, table.file)).pipe(createGunzip()), crlfDelay: Infinity });
      let batch: string[] = [];
      let chars = 0;
      const flush = async () => {
        await repo.insertRows(trx, table, batch);
        done += batch.length;
        onProgress?.(done, total, `table ${table.name}`);
        batch = [];
        chars = 0;
      };
      for await (const line of lines) {
        if (line === '') continue;
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      }
      if (batch.length) await flush();
    }
    for (const state of manifest.sequences) await repo.setSequence(trx, state);
    for (const key of keys) await repo.addForeignKey(trx, key);
    return repo.counts(
      manifest.tables.map((t) => t.name),
      trx,
    );
  });
  const migrationsAfter = await migrate(database);
  return {
    tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows, restored: counts[t.name] ?? 0 })),
    sequences: manifest.sequences.length,
    migrationsAfter,
  };
}
