/**
 * The database half of a backup, done where the database is open (the running server, or the tool's
 * own process when no server holds the folder): every table's rows in one read-only snapshot, the
 * migrations, the sequences and the keys, written into a new folder the tool then packs with the
 * media (archive.ts).
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { KEY_NAMES } from '../../protocol/keys.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { backupRepository, MIGRATIONS_TABLE } from '../db/repositories/backup.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  DB_PREFIX,
  KEYS_ENTRY,
  MANIFEST_ENTRY,
  tableFile,
  type BackupManifest,
  type KeyFile,
  type TableDump,
} from './format.ts';

/** A refusal the caller words for its operator (the admin call answers it as 1005). */
export class BackupRefused extends Error {}

/**
 * Whether `imageKey` is the key the media folder's images were masked with (the fingerprint the
 * image seeding leaves beside them); true when the folder has none yet.
 */
export function imageKeyMatches(mediaDir: string, imageKey: string): boolean {
  const stamp = join(mediaDir, 'img', '.key-fingerprint');
  if (!existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').slice(0, 16) === createHash('sha256').update(imageKey).digest('hex').slice(0, 16);
}

/**
 * Writes the dump into `dir`, which must not exist yet (made here, mode 0700; files 0600: the keys
 * are in it). Answers the manifest (without media: the tool adds it).
 */
export async function writeDump(database: Database, config: ServerConfig, dir: string): Promise<BackupManifest> {
  if (!imageKeyMatches(config.mediaDir, config.keys.imageKey)) {
    throw new BackupRefused(
      `MD_IMAGE_KEY of this process is not the key the images in ${config.mediaDir} were masked with: run the tool with the site's keys (the server's environment)`,
    );
  }
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupRefused(`${dir} already exists: the dump goes into a new folder`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupRefused(`the folder holding ${dir} does not exist`);
    throw error;
  }
  await mkdir(join(dir, DB_PREFIX), { mode: 0o700 });
  const repo = backupRepository(database.db);
  const manifest = await repo.snapshot(async (trx) => {
    const migrations = await repo.migrations(trx);
    const tables: TableDump[] = [];
    for (const table of await repo.tables(trx)) {
      if (table.name === MIGRATIONS_TABLE) continue;
      let rows = 0;
      const file = tableFile(table.name);
      const lines = Readable.from(
        (async function* () {
          for await (const batch of repo.rows(trx, table.name)) {
            rows += batch.length;
            yield `${batch.join('\n')}\n`;
          }
        })(),
      );
      await pipeline(lines, createGzip(), createWriteStream(join(dir, file), { mode: 0o600 }));
      tables.push({ name: table.name, rows, columns: table.columns, file });
    }
    const sequences = await repo.sequences(trx);
    return { migrations, tables, sequences };
  });
  const result: BackupManifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: new Date().toISOString(),
    database: database.kind,
    ...manifest,
    mediaIncluded: false,
  };
  const keys: KeyFile = {
    MD_APP_SECRET: config.keys.appSecret,
    MD_SIGNING_KEY: config.keys.signingKey,
    MD_DATA_KEY: config.keys.dataKeyHex,
    MD_IMAGE_KEY: config.keys.imageKey,
  };
  for (const [entry, value] of [
    [MANIFEST_ENTRY, result],
    [KEYS_ENTRY, Object.fromEntries(KEY_NAMES.map((name) => [name, keys[name]]))],
  ] as const) {
    await writeFile(join(dir, entry), `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await chmod(join(dir, entry), 0o600);
  }
  return result;
}
