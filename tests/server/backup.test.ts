// Backup, restore and the move to PostgreSQL as operators run them: the md tool as a child process
// on a seeded site's data folder, the archive restored into an empty folder (and database), and the
// restored site's decrypted answers and media files compared with the original's.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import { DEFAULT_KEYS } from '../../protocol/keys.ts';
import { MEMBER_API } from '../../protocol/member-api.ts';
import { createServer, prepare } from '../../server/bootstrap.ts';
import { ConfigError, loadConfig, KEYS_FILE } from '../../server/config.ts';
import { claimForServer, localUrlOf, newOperatorKey, publishServerUrl, removeOperatorFile } from '../../server/operators/local-channel.ts';
import { BACKENDS, call, signUpMember, uploadImages, withSharedImages, type Backend, type Member } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NO_STATIC = join(tmpdir(), 'md-test-no-static');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool with `args` in an environment of only what the test names (no DATABASE_URL of the suite leaks in). */
function md(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _data, MEDIA_DIR: _media, ...base } = process.env;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/md.ts'), ...args], {
      cwd: ROOT,
      env: { ...base, NODE_ENV: 'development', STATIC_DIR: NO_STATIC, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Every file under `dir` with its sha256, by relative path. */
function hashes(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const abs = join(d, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) found.set(relative(dir, abs), createHash('sha256').update(readFileSync(abs)).digest('hex'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return found;
}

type App = Awaited<ReturnType<typeof createServer>>;

/** What a member and a guest read of the site, decrypted: the answers a restore must give back the same. */
async function readings(app: App, member: Member, videoId: number) {
  const list = await call<Page<VideoItem>>(app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 20 } });
  const favourites = await call<Page<VideoItem>>(app, CONTENT_API.collectList, { token: member.token, body: { contentType: 2, page: 1, pageSize: 20 } });
  const messages = [];
  for (const type of [1, 2, 3, 4]) messages.push(await call(app, MEMBER_API.messageList, { token: member.token, body: { type, page: 1, pageSize: 50 } }));
  // Last: opening a video counts a play, which the lists show once it is written (within a second).
  const detail = await call<VideoDetail>(app, API.videoDetail, { token: member.token, body: { id: videoId } });
  for (const answer of [detail, list, favourites, ...messages]) expect(answer.envelope.code).toBe(200);
  return { detail: detail.data, list: list.data, favourites: favourites.data, messages: messages.map((m) => m.data) };
}

/** Rows per table of a PostgreSQL database, straight from it. */
async function pgCounts(url: string, tables: string[]): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await client.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

// The original site's media, made once for every backend (the catalogue's images plus the uploads).
let mediaDir: string;
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'md-backup-test-'));
  mediaDir = join(work, 'media');
  // The demo pictures come from the shared copy instead of being drawn again; the uploads are the site's own.
  withSharedImages(mediaDir);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('backup and restore, called wrongly', () => {
  it('refuses bad arguments with a clear message and exit code 2, before touching any data', async () => {
    const nowhere = join(tmpdir(), 'md-no-such-folder');
    const cases: [string[], string][] = [
      [['backup'], 'missing <file>'],
      [['backup', join(nowhere, 'x.tar')], `the folder ${nowhere} of <file> does not exist`],
      [['backup', tmpdir()], 'is a folder'],
      [['backup', 'x.tar', '--colour', 'red'], "Unknown option '--colour'"],
      [['restore', join(nowhere, 'site.tar')], `no archive at ${join(nowhere, 'site.tar')}`],
      [['restore'], 'missing <file>'],
      [['move-to-postgres', 'mysql://root@localhost/md'], '<url> must be a PostgreSQL URL'],
    ];
    const runs = await Promise.all(cases.map(([args]) => md([...args, '--data-dir', nowhere])));
    for (const [i, run] of runs.entries()) {
      expect(run.code, cases[i]![0].join(' ')).toBe(2);
      expect(run.stderr).toContain(cases[i]![1]);
      expect(run.stderr).toContain('--help for usage');
    }
    expect(existsSync(nowhere)).toBe(false);
    const help = await md(['restore', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run md -- restore <file> [options]');
  }, 120_000);

  it('reads the keys of a restored folder, and refuses a server whose environment names others', () => {
    const dir = join(work, 'keys-only');
    mkdirSync(dir, { recursive: true });
    const site = { MD_APP_SECRET: 'site-secret', MD_SIGNING_KEY: 'site-signing', MD_DATA_KEY: 'ab'.repeat(32), MD_IMAGE_KEY: 'site-image' };
    writeFileSync(join(dir, KEYS_FILE), JSON.stringify(site), { mode: 0o600 });
    expect(loadConfig({ DATA_DIR: dir }).keys).toEqual({
      appSecret: 'site-secret',
      signingKey: 'site-signing',
      dataKeyHex: 'ab'.repeat(32),
      imageKey: 'site-image',
    });
    expect(loadConfig({ DATA_DIR: dir, MD_IMAGE_KEY: 'site-image' }).keys.imageKey).toBe('site-image');
    expect(() => loadConfig({ DATA_DIR: dir, MD_IMAGE_KEY: 'another' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, MD_IMAGE_KEY: 'another' })).toThrow(/MD_IMAGE_KEY differs from the one in .*keys\.json/);
    // Production accepts the folder's keys as the site's own (no development default among them).
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', PUBLIC_URL: 'https://video.example.com' }).keys.appSecret).toBe('site-secret');
  });
});

describe.each(BACKENDS)('backup and restore on $name', (backend: Backend) => {
  let original: Awaited<ReturnType<Backend['create']>>;
  const made: Awaited<ReturnType<Backend['create']>>[] = [];
  let dataDir: string;
  let env: Record<string, string>;
  let member: Member;
  let videoId: number;
  let archive: string;
  const fresh = async () => {
    const database = await backend.create();
    made.push(database);
    return database;
  };

  beforeAll(async () => {
    original = await fresh();
    dataDir = mkdtempSync(join(work, 'site-'));
    env = { DATA_DIR: dataDir, MEDIA_DIR: mediaDir, ...(original.url ? { DATABASE_URL: original.url } : {}) };
    // A site that ran: seeded, a member who favourites two videos, comments (a notice to no one but
    // themselves), uploads pictures; then the server stopped.
    const app = await createServer(loadConfig({ ...env, STATIC_DIR: NO_STATIC }));
    await prepare(app, { encodeClips: false, backgroundClips: false });
    member = await signUpMember(app, 'bkp');
    const videos = (await call<Page<VideoItem>>(app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 5 } })).data.list;
    videoId = videos[0]!.id;
    for (const v of videos.slice(0, 2))
      expect((await call(app, CONTENT_API.collectAdd, { token: member.token, body: { id: v.id, contentType: 2 } })).envelope.code).toBe(200);
    await uploadImages(app, member.token, 2, 'post');
    await app.close();
    archive = join(work, `site-${backend.name}.tar`);
  }, 600_000);
  afterAll(async () => {
    for (const database of made) await database.drop();
  });

  it('backs up a site no server holds, and restores it into an empty folder that answers the same, with the same media byte for byte', async () => {
    const backedUp = await md(['backup', archive, '--media', '--json'], env);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const result = JSON.parse(backedUp.stdout);
    expect(result).toMatchObject({ file: archive, via: 'in-process', database: original.url ? 'postgres' : 'pglite', media: { included: true } });
    expect(result.media.files).toBeGreaterThan(50);
    expect(result.tables.find((t: { name: string }) => t.name === 'users').rows).toBeGreaterThan(1);
    // The archive holds the keys: readable by its owner only.
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const listing = spawnSync('tar', ['-tf', archive], { encoding: 'utf8' }).stdout.split('\n');
    expect(listing.slice(0, 2)).toEqual(['backup.json', 'keys.json']);
    expect(listing).toContain('db/users.jsonl.gz');
    expect(listing).toContain('media-index.jsonl');

    const target = await fresh();
    const restoredDir = join(work, `restored-${backend.name}`);
    const restoredEnv = { DATA_DIR: restoredDir, ...(target.url ? { DATABASE_URL: target.url } : {}) };
    // As on a new production machine: the keys are not in the environment yet, they come with the archive.
    const restored = await md(['restore', archive, '--json'], { ...restoredEnv, NODE_ENV: 'production' });
    expect(restored.code, restored.stderr).toBe(0);
    const report = JSON.parse(restored.stdout);
    expect(report.rows).toBe(result.rows);
    for (const t of report.tables) expect(t.restored, t.name).toBe(t.rows);
    expect(report.media).toMatchObject({ files: result.media.files, restored: result.media.files, missing: [], different: [] });
    expect(JSON.parse(readFileSync(join(restoredDir, KEYS_FILE), 'utf8'))).toEqual(DEFAULT_KEYS);
    expect(statSync(join(restoredDir, KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(existsSync(join(restoredDir, 'operator.json'))).toBe(false);

    // Byte for byte, before a server touches the folder.
    expect(hashes(join(restoredDir, 'media'))).toEqual(hashes(mediaDir));

    const before = await createServer(loadConfig({ ...env, STATIC_DIR: NO_STATIC }));
    const after = await createServer(loadConfig({ ...restoredEnv, STATIC_DIR: NO_STATIC }));
    try {
      await prepare(after, { encodeClips: false, backgroundClips: false });
      // The member's session came back too: the same token reads the same favourites and messages.
      const expected = await readings(before, member, videoId);
      const actual = await readings(after, member, videoId);
      expect(actual).toEqual(expected);
      expect(expected.favourites.list).toHaveLength(2);
      // New rows continue the sequences instead of colliding with restored ids.
      const newcomer = await signUpMember(after, 'bkp2');
      expect(newcomer.id).toBeGreaterThan(member.id);
    } finally {
      await before.close();
      await after.close();
    }
  }, 600_000);

  it('refuses to restore into a folder that is not empty, or a database that holds rows', async () => {
    const intoSite = await md(['restore', archive], { DATA_DIR: dataDir });
    expect(intoSite.code).toBe(1);
    expect(intoSite.stderr).toContain(`${dataDir} is not empty`);
    expect(intoSite.stderr).toContain('only into an empty folder');
    if (original.url) {
      const intoDatabase = await md(['restore', archive, '--json'], { DATA_DIR: join(work, `empty-${backend.name}`), DATABASE_URL: original.url });
      expect(intoDatabase.code).toBe(1);
      expect(JSON.parse(intoDatabase.stdout).error.message).toMatch(/already holds rows \(\w+: \d+(, \w+: \d+)*\): restore only into an empty database/);
      // Nothing was left behind: the folder can take a restore later.
      expect(readdirSync(join(work, `empty-${backend.name}`))).toEqual([]);
    }
  }, 300_000);

  it('backs up while a server runs on the folder, through its local channel', async () => {
    const key = newOperatorKey();
    await claimForServer(dataDir, key);
    const app = await createServer(loadConfig({ ...env, STATIC_DIR: NO_STATIC }), { operatorKey: key });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      publishServerUrl(dataDir, key, localUrlOf('127.0.0.1', typeof address === 'object' && address ? address.port : 0));
      const live = join(work, `live-${backend.name}.tar`);
      const run = await md(['backup', live, '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout);
      expect(result).toMatchObject({ via: 'server', media: { included: false } });
      expect(result.media.files).toBeGreaterThan(50);
      expect(statSync(live).mode & 0o777).toBe(0o600);
      // Without --media, a restore checks MEDIA_DIR against the index and names what is missing.
      const copy = join(work, `media-copy-${backend.name}`);
      cpSync(mediaDir, copy, { recursive: true });
      const gone = [...hashes(copy).keys()].find((p) => p.startsWith('img/'))!;
      rmSync(join(copy, gone));
      const target = await fresh();
      const restored = await md(['restore', live, '--json'], {
        DATA_DIR: join(work, `live-restored-${backend.name}`),
        MEDIA_DIR: copy,
        ...(target.url ? { DATABASE_URL: target.url } : {}),
      });
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout).media).toMatchObject({ restored: 0, missing: [gone], different: [] });
      const audit = await md(['audit', 'list', '--action', 'backup.dump', '--json'], env);
      expect(JSON.parse(audit.stdout).list[0]).toMatchObject({ action: 'backup.dump', actor: expect.stringMatching(/^cli:/) });
    } finally {
      await app.close();
      removeOperatorFile(dataDir, process.pid);
    }
  }, 600_000);

  it('refuses to back up with an image key that is not the one the media were masked with', async () => {
    const run = await md(['backup', join(work, 'wrong-key.tar')], { ...env, MD_IMAGE_KEY: 'not-the-site-key' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('MD_IMAGE_KEY of this process is not the key the images');
    expect(existsSync(join(work, 'wrong-key.tar'))).toBe(false);
  }, 300_000);

  // The move needs a PostgreSQL to move to: defined when the suite has one (as BACKENDS is), from the PGlite site.
  if (backend.name === 'PGlite' && process.env.DATABASE_URL) {
    it('moves the embedded database to PostgreSQL keeping every row', async () => {
      const postgres = BACKENDS.find((b) => b.name === 'PostgreSQL')!;
      const target = await postgres.create();
      try {
        const moved = await md(['move-to-postgres', target.url!, '--json'], env);
        expect(moved.code, moved.stderr).toBe(0);
        const result = JSON.parse(moved.stdout);
        expect(result.tables.length).toBeGreaterThan(40);
        for (const t of result.tables) expect(t.restored, t.name).toBe(t.rows);
        // Counted again here, straight from PostgreSQL, against the embedded database's own counts.
        const counts = await pgCounts(
          target.url!,
          result.tables.map((t: { name: string }) => t.name),
        );
        expect(counts).toEqual(Object.fromEntries(result.tables.map((t: { name: string; rows: number }) => [t.name, t.rows])));
        const source = await createServer(loadConfig({ ...env, STATIC_DIR: NO_STATIC }));
        const expected = await readings(source, member, videoId);
        await source.close();
        const again = await md(['move-to-postgres', target.url!], env);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain('already holds rows');
        const onPostgres = await createServer(loadConfig({ ...env, DATABASE_URL: target.url!, STATIC_DIR: NO_STATIC }));
        try {
          expect(await readings(onPostgres, member, videoId)).toEqual(expected);
        } finally {
          await onPostgres.close();
        }
      } finally {
        await target.drop();
      }
    }, 600_000);
  }
});
