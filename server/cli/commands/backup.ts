/**
 * Backups (server/backup/format.ts describes the archive):
 *
 * - `backup FILE [--media]`: the database half is dumped where the database is open (the running
 *   server through the local channel, or this process when no server holds the folder), into a
 *   folder beside FILE; this process then packs it with the media index (and the media) into FILE.
 * - `restore FILE`: into an empty data folder (and, with DATABASE_URL, an empty PostgreSQL
 *   database); opens them itself, as no server may run there yet.
 * - `move-to-postgres URL`: the embedded database's rows into an empty PostgreSQL database, counted
 *   table by table on both sides.
 *
 * The server's modules are loaded only when a command runs, so help and usage errors answer at once.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ADMIN_API, OPERATOR_FILE, type BackupDump } from '../../../protocol/admin-api.ts';
import { KEY_NAMES } from '../../../protocol/keys.ts';
import type { BackupManifest } from '../../backup/format.ts';
import { CliError, UsageError, type Command, type CommandContext } from '../framework.ts';
import { table } from '../table.ts';

/** A progress bar over bytes, shown in KiB, made when the work first reports its size. */
function byteProgress(context: CommandContext) {
  let bar: ReturnType<CommandContext['progress']> | null = null;
  return {
    onProgress(done: number, total: number, label: string) {
      bar ??= context.progress(Math.max(1, Math.ceil(total / 1024)), `${label} (KiB)`);
      bar.update(Math.floor(done / 1024), label);
    },
    finish(message?: string) {
      bar?.finish(message);
      bar = null;
    },
  };
}

/** A row counter's bar, made on first use. */
function rowProgress(context: CommandContext) {
  let bar: ReturnType<CommandContext['progress']> | null = null;
  return {
    onProgress(done: number, total: number, label: string) {
      bar ??= context.progress(total, 'rows loaded');
      bar.update(done, label);
    },
    finish(message?: string) {
      bar?.finish(message);
      bar = null;
    },
  };
}

/** A PostgreSQL URL as it may be printed: the password left out. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\/[^\s]+$/.test(value);

/**
 * The folders and database a restore writes to. Read as outside production: on a new machine the
 * keys are not set yet (they are in the archive, and the restore writes them), which production's
 * start-up check would refuse.
 */
async function restoreConfigOf(context: CommandContext) {
  const { ConfigError, loadConfig } = await import('../../config.ts');
  const dataDir = context.options['data-dir'] as string | undefined;
  try {
    return loadConfig({ ...context.env, NODE_ENV: undefined, ...(dataDir !== undefined && { DATA_DIR: dataDir }) });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

const sum = (tables: { rows: number }[]) => tables.reduce((a, t) => a + t.rows, 0);

interface BackupResult {
  file: string;
  bytes: number;
  via: 'server' | 'in-process';
  database: 'pglite' | 'postgres';
  migrations: number;
  tables: { name: string; rows: number }[];
  rows: number;
  sequences: number;
  media: { files: number; bytes: number; included: boolean };
}

const backup: Command<BackupResult> = {
  name: 'backup',
  summary: "Write one archive of the site: every table's rows, the sequences, the keys and the media index (with --media the media files too)",
  description: [
    'The database is read in one read-only snapshot by whoever holds it: the running server (asked through',
    'the local channel) or this process when no server runs. The archive holds the deployment keys, so it is',
    'written readable by its owner only (mode 0600): keep it as secret as the keys.',
  ].join('\n'),
  args: [{ name: 'file', description: 'the archive to write, e.g. /backups/site-2026-11-26.tar' }],
  options: {
    media: { type: 'boolean', description: 'put the media files themselves (images, video) in the archive, not only their index' },
    force: { type: 'boolean', description: 'replace FILE when it exists' },
  },
  examples: ['backup /backups/site.tar', 'backup /backups/site-full.tar --media --json'],
  async run(context) {
    const file = resolve(String(context.args.file));
    const folder = dirname(file);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`the folder ${folder} of <file> does not exist`, 'backup');
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) throw new UsageError(`${file} is a folder: name the archive file to write`, 'backup');
      if (!context.options.force) throw new UsageError(`${file} exists: name a new file, or add --force to replace it`, 'backup');
    }
    const client = await context.admin();
    const { writeArchive } = await import('../../backup/archive.ts');
    // Beside the archive: the server writes the dump there (it runs on this machine), this process packs it.
    const work = await mkdtemp(join(folder, '.md-backup-'));
    try {
      const dumpDir = join(work, 'dump');
      context.note(`md: dumping the database (${client.via === 'http' ? `the running server at ${client.where}` : 'in this process'})`);
      const dump = await client.call<BackupDump>(ADMIN_API.backupDump, { dir: dumpDir });
      const bar = byteProgress(context);
      const packed = await writeArchive(file, { dumpDir, mediaDir: dump.mediaDir, includeMedia: context.options.media === true, onProgress: bar.onProgress });
      bar.finish();
      return {
        file,
        bytes: packed.bytes,
        via: client.via === 'http' ? 'server' : 'in-process',
        database: dump.database,
        migrations: dump.migrations,
        tables: dump.tables,
        rows: sum(dump.tables),
        sequences: dump.sequences,
        media: packed.media,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
  print(r, out) {
    out(`wrote ${r.file} (${(r.bytes / 1048576).toFixed(1)} MiB, mode 0600: it holds the site's keys)`);
    out(
      `database: ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${r.tables.length} tables, ${r.rows} rows, ${r.sequences} sequences, ${r.migrations} migrations`,
    );
    out(
      `media: ${r.media.files} files, ${(r.media.bytes / 1048576).toFixed(1)} MiB, ${r.media.included ? 'in the archive' : 'indexed only (path, size, sha256; add --media to include the files)'}`,
    );
  },
};

interface TableCount {
  name: string;
  rows: number;
  restored: number;
}

interface RestoreResult {
  dataDir: string;
  database: 'pglite' | 'postgres';
  from: { database: 'pglite' | 'postgres'; createdAt: string };
  tables: TableCount[];
  rows: number;
  sequences: number;
  migrationsAfter: string[];
  media: { files: number; restored: number; missing: string[]; different: string[] };
  keysFile: string;
}

/** What an existing folder holds (nothing when it does not exist). */
const entriesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

const restore: Command<RestoreResult> = {
  name: 'restore',
  summary: 'Bring an empty data folder (and with DATABASE_URL an empty PostgreSQL database) back to the state of an archive',
  description: [
    'Restores every row, the sequences, the keys (DATA_DIR/keys.json, mode 0600, read by the server at start)',
    'and, when the archive has them, the media files byte for byte; otherwise it checks the media folder',
    "against the archive's index and reports what is missing. It refuses a folder that is not empty and a",
    'database that holds rows. No server may run on the folder meanwhile: start it afterwards.',
  ].join('\n'),
  args: [{ name: 'file', description: 'the archive written by md backup' }],
  examples: ['restore /backups/site.tar --data-dir /srv/md-data', 'DATABASE_URL=postgres://md@db/md restore /backups/site.tar --data-dir /srv/md-data'],
  async run(context) {
    const file = resolve(String(context.args.file));
    if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`no archive at ${file}`, 'restore');
    const config = await restoreConfigOf(context);
    if (config.dataDir === 'memory://') throw new UsageError('DATA_DIR is memory://: name the folder to restore into with --data-dir', 'restore');
    const dataDir = resolve(config.dataDir);
    const present = entriesOf(dataDir);
    if (present.length) {
      throw new CliError(
        `${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ' …' : ''}): restore brings a site back only into an empty folder; name a new one with --data-dir`,
      );
    }
    const mediaInside = !relative(dataDir, config.mediaDir).startsWith('..');
    const mediaBefore = mediaInside ? [] : entriesOf(config.mediaDir);

    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Claimed like the tool claims a folder it opens (server/cli/connect.ts): a server starting meanwhile waits.
    writeFileSync(
      join(dataDir, OPERATOR_FILE),
      `${JSON.stringify({ holder: 'cli', pid: process.pid, url: null, key: '', startedAt: new Date().toISOString() })}\n`,
      {
        flag: 'wx',
        mode: 0o600,
      },
    );
    const { openDatabase } = await import('../../db/database.ts');
    const { checkMigrations, loadDump, siteRows, RestoreRefused } = await import('../../backup/restore.ts');
    const { readArchive, checkMedia, ArchiveError } = await import('../../backup/archive.ts');
    const { KEYS_FILE } = await import('../../config.ts');
    const dumpDir = join(dataDir, `.restore-${process.pid}`);
    let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
    let succeeded = false;
    try {
      try {
        database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
        if (database.kind === 'postgres') await database.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      } catch (error) {
        if (config.databaseUrl) throw new CliError(`cannot open the database at ${shownUrl(config.databaseUrl)}: ${(error as Error).message}`);
        throw error;
      }
      const rows = await siteRows(database);
      if (Object.keys(rows).length) {
        throw new CliError(
          `the database at ${shownUrl(config.databaseUrl ?? config.pgliteDir)} already holds rows (${Object.entries(rows)
            .slice(0, 5)
            .map(([t, n]) => `${t}: ${n}`)
            .join(', ')}): restore only into an empty database`,
        );
      }
      const bar = byteProgress(context);
      const unpacked = await readArchive(file, {
        dumpDir,
        mediaDir: config.mediaDir,
        onProgress: bar.onProgress,
        onManifest: (manifest: BackupManifest) => {
          checkMigrations(manifest);
          if (manifest.mediaIncluded && mediaBefore.length) {
            throw new CliError(`the archive holds the media, and MEDIA_DIR ${config.mediaDir} is not empty: restore them into an empty folder`);
          }
        },
      });
      bar.finish();
      // A key the environment sets must be the site's: the server would refuse to start otherwise.
      const differing = KEY_NAMES.filter((name) => context.env[name] && context.env[name] !== unpacked.keys[name]);
      if (differing.length) {
        throw new CliError(
          `${differing.join(', ')} in this environment differ from the site's keys in the archive: unset them (the restored folder keeps the site's keys)`,
        );
      }
      const rowsBar = rowProgress(context);
      const report = await loadDump(database, dumpDir, unpacked.manifest, rowsBar.onProgress);
      rowsBar.finish();
      const short = report.tables.filter((t) => t.restored !== t.rows);
      if (short.length) throw new CliError(`rows differ after the restore: ${short.map((t) => `${t.name} ${t.restored} of ${t.rows}`).join(', ')}`);
      const keysFile = join(dataDir, KEYS_FILE);
      writeFileSync(keysFile, `${JSON.stringify(unpacked.keys, null, 2)}\n`, { mode: 0o600 });
      let missing: string[] = [];
      let different: string[] = [];
      if (!unpacked.manifest.mediaIncluded) {
        const mediaBar = byteProgress(context);
        const check = await checkMedia(config.mediaDir, unpacked.index, mediaBar.onProgress);
        mediaBar.finish();
        missing = check.missing;
        different = check.different;
      }
      succeeded = true;
      return {
        dataDir,
        database: database.kind,
        from: { database: unpacked.manifest.database, createdAt: unpacked.manifest.createdAt },
        tables: report.tables,
        rows: sum(report.tables),
        sequences: report.sequences,
        migrationsAfter: report.migrationsAfter,
        media: { files: unpacked.index.length, restored: unpacked.mediaWritten, missing, different },
        keysFile,
      };
    } catch (error) {
      if (error instanceof RestoreRefused || error instanceof ArchiveError) throw new CliError(error.message);
      throw error;
    } finally {
      await database?.close().catch(() => undefined);
      await rm(dumpDir, { recursive: true, force: true });
      if (!succeeded) {
        // Back to empty, so the restore can be run again: the folder was empty, and the media folder too when the archive filled it.
        for (const entry of entriesOf(dataDir)) if (entry !== OPERATOR_FILE) await rm(join(dataDir, entry), { recursive: true, force: true });
        if (!mediaInside && mediaBefore.length === 0) await rm(config.mediaDir, { recursive: true, force: true });
      }
      await rm(join(dataDir, OPERATOR_FILE), { force: true });
    }
  },
  print(r, out) {
    out(
      `restored ${r.rows} rows in ${r.tables.length} tables and ${r.sequences} sequences into ${r.database === 'postgres' ? 'PostgreSQL' : `PGlite in ${r.dataDir}`}`,
    );
    if (r.migrationsAfter.length) out(`then applied ${r.migrationsAfter.length} newer migrations: ${r.migrationsAfter.join(', ')}`);
    out(`keys: ${r.keysFile} (mode 0600; the server reads them at start, build the PWA with the same values)`);
    if (r.media.restored) out(`media: ${r.media.restored} files restored byte for byte`);
    else if (r.media.missing.length || r.media.different.length) {
      out(`media: ${r.media.files} files in the archive's index; ${r.media.missing.length} missing and ${r.media.different.length} different in MEDIA_DIR:`);
      for (const path of [...r.media.missing.map((p) => `missing    ${p}`), ...r.media.different.map((p) => `different  ${p}`)].slice(0, 20)) out(`  ${path}`);
    } else out(`media: all ${r.media.files} files of the archive's index are in MEDIA_DIR, the same`);
  },
};

interface MoveResult {
  url: string;
  tables: TableCount[];
  rows: number;
  sequences: number;
  same: boolean;
}

const move: Command<MoveResult> = {
  name: 'move-to-postgres',
  summary: 'Copy every row of the embedded database (PGlite) into an empty PostgreSQL database, counted table by table',
  description: [
    'Stop the server first (the tool opens the data folder itself): rows written after the copy would stay',
    'behind. The media and the keys stay where they are; afterwards start the site with DATABASE_URL=<url>.',
    'The PGlite folder (DATA_DIR/pg) is left as it was.',
  ].join('\n'),
  args: [{ name: 'url', description: 'postgres://user:password@host:5432/database of an empty database' }],
  options: { 'while-running': { type: 'boolean', description: 'copy while a server runs on the folder (a rehearsal: later writes are not copied)' } },
  examples: ['move-to-postgres postgres://md@127.0.0.1:5432/md', 'move-to-postgres postgres://md@db/md --data-dir /srv/md-data --json'],
  async run(context) {
    const url = String(context.args.url);
    if (!isPostgresUrl(url)) throw new UsageError(`<url> must be a PostgreSQL URL (postgres://user@host:5432/database), got "${url}"`, 'move-to-postgres');
    const client = await context.admin();
    if (client.via === 'http' && !context.options['while-running']) {
      throw new CliError(
        `a server (${client.where}) is running on this site: stop it first, so that no row is written after the copy (or add --while-running for a rehearsal)`,
      );
    }
    const { openDatabase } = await import('../../db/database.ts');
    const { loadDump, siteRows, RestoreRefused } = await import('../../backup/restore.ts');
    const { MANIFEST_ENTRY } = await import('../../backup/format.ts');
    const work = await mkdtemp(join(tmpdir(), 'md-move-'));
    let target: Awaited<ReturnType<typeof openDatabase>> | null = null;
    try {
      const dumpDir = join(work, 'dump');
      const dump = await client.call<BackupDump>(ADMIN_API.backupDump, { dir: dumpDir });
      if (dump.database !== 'pglite') throw new CliError('the site already runs on PostgreSQL (DATABASE_URL is set): there is nothing to move');
      const manifest = JSON.parse(await readFile(join(dumpDir, MANIFEST_ENTRY), 'utf8')) as BackupManifest;
      try {
        target = await openDatabase({ databaseUrl: url, pgliteDir: '' });
        await target.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      } catch (error) {
        throw new CliError(`cannot open the database at ${shownUrl(url)}: ${(error as Error).message}`);
      }
      const rows = await siteRows(target);
      if (Object.keys(rows).length) {
        throw new CliError(
          `the database at ${shownUrl(url)} already holds rows (${Object.entries(rows)
            .slice(0, 5)
            .map(([t, n]) => `${t}: ${n}`)
            .join(', ')}): move only into an empty database`,
        );
      }
      const bar = rowProgress(context);
      const report = await loadDump(target, dumpDir, manifest, bar.onProgress);
      bar.finish();
      const same = report.tables.every((t) => t.restored === t.rows);
      const result = { url: shownUrl(url), tables: report.tables, rows: sum(report.tables), sequences: report.sequences, same };
      if (!same) {
        const short = report.tables.filter((t) => t.restored !== t.rows);
        throw new CliError(`rows differ after the move: ${short.map((t) => `${t.name} ${t.restored} of ${t.rows}`).join(', ')}`);
      }
      return result;
    } catch (error) {
      if (error instanceof RestoreRefused) throw new CliError(error.message);
      throw error;
    } finally {
      await target?.close().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  },
  print(r, out) {
    for (const line of table(
      ['TABLE', 'PGLITE', 'POSTGRESQL'],
      r.tables.map((t) => [t.name, t.rows, t.restored]),
    ))
      out(line);
    out(`every row moved: ${r.rows} rows in ${r.tables.length} tables, ${r.sequences} sequences set`);
    out('next: stop the server if it runs, then start it with DATABASE_URL set to that URL (DATA_DIR keeps the media, the keys and the old PGlite folder)');
  },
};

export const BACKUP_COMMANDS: Command[] = [backup, restore, move] as Command[];
