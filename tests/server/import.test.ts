// The operators' import (npm run md -- import-video) as operators run it: the tool as a child
// process on a data folder no server holds (it runs the transcode job itself) and on one a listening
// server holds (its job worker runs it), with short test videos made by ffmpeg.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import type { SearchResult } from '../../protocol/contracts/content.ts';
import type { App } from '../../server/app.ts';
import { createServer, prepare } from '../../server/bootstrap.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import { IMPORT_JOB, importJobKey } from '../../server/jobs/video-import.ts';
import { locateFfmpeg, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { claimForServer, localUrlOf, newOperatorKey, publishServerUrl, removeOperatorFile } from '../../server/operators/local-channel.ts';
import { BACKENDS, call, withSharedImages } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ffmpeg = locateFfmpeg(null);
const scratch = mkdtempSync(join(tmpdir(), 'md-import-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool with `args` in an environment of only what the test names. */
function md(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _data, ...base } = process.env;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/md.ts'), ...args], {
      cwd: ROOT,
      env: { ...base, NODE_ENV: 'development', ...env },
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

/** A test video: testsrc at `size` for `seconds`, with a tone of `tone` Hz unless silent (the tone makes each file's content its own). */
async function makeVideo(dir: string, name: string, size: string, seconds: number, tone: number | null): Promise<string> {
  const file = join(dir, name);
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=24`];
  if (tone !== null) args.push('-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=48000`);
  args.push('-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (tone !== null) args.push('-c:a', 'aac');
  await runFfmpeg(ffmpeg, [...args, '-f', 'mp4', file]);
  return file;
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n你好\n';

describe('import-video, called wrongly', () => {
  it('refuses bad arguments with a clear message and exit code 2, before touching any data', async () => {
    const dir = mkdtempSync(join(scratch, 'args-'));
    const a = join(dir, 'a.mp4');
    const b = join(dir, 'b.mp4');
    writeFileSync(a, 'x');
    writeFileSync(b, 'x');
    writeFileSync(join(dir, 'plain.vtt'), VTT);
    const empty = mkdtempSync(join(scratch, 'no-manifest-'));
    const badJson = mkdtempSync(join(scratch, 'bad-json-'));
    writeFileSync(join(badJson, 'manifest.json'), '{"videos": [');
    const noFile = mkdtempSync(join(scratch, 'no-file-'));
    writeFileSync(join(noFile, 'manifest.csv'), 'title,category\n晨光,城市\n');
    const cases: [string[], string][] = [
      [['import-video'], 'missing <files>'],
      [['import-video', a], `${a}: no category`],
      [['import-video', a, b, '--category', '城市', '--title', 'One'], '--title names one video'],
      [['import-video', a, '--category', '城市', '--title', '  '], '--title is empty'],
      [['import-video', a, '--category', '城市', '--subtitles', join(dir, 'plain.vtt')], 'cannot tell the language of subtitles'],
      [['import-video', a, '--category', '城市', '--subtitles', 'en=notes.txt'], '--subtitles takes WebVTT files'],
      [['import-video', a, b, '--category', '城市', '--subtitles', 'en=x.vtt'], '--subtitles belong to one video'],
      [['import-video', a, '--category', '城市', '--title', 'x'.repeat(101)], 'longer than 100 characters'],
      [['import-video', empty, '--category', '城市'], 'without manifest.json or manifest.csv'],
      [['import-video', badJson], 'is not valid JSON'],
      [['import-video', noFile], 'needs a header row naming its columns, with at least "file"'],
      [['import-video', a, '--category', '城市', '--colour', 'red'], "Unknown option '--colour'"],
      [['import-video', a, '--category', '城市', '--published', '2999-01-01'], '--published must be a date such as 2024-05-01'],
      [['import-video', a, '--category', '城市', '--published', 'last week'], '--published must be a date such as 2024-05-01'],
    ];
    const runs = await Promise.all(cases.map(([args]) => md([...args, '--data-dir', join(tmpdir(), 'md-no-such-folder')])));
    for (const [i, run] of runs.entries()) {
      expect(run.code, cases[i]![0].join(' ')).toBe(2);
      expect(run.stderr).toContain(cases[i]![1]);
      expect(run.stderr).toContain('import-video --help for usage');
    }
    const help = await md(['import-video', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run md -- import-video <files>... [options]');
    expect(help.stdout).toContain('--subtitles <file.vtt>');
  }, 180_000);
});

describe.each(BACKENDS)('import-video on $name', (backend) => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof backend.create>>;
  let config: ServerConfig;
  let env: Record<string, string>;
  const media = mkdtempSync(join(scratch, `media-${backend.name}-`));
  // Each backend's files sound different, so their hashes (and clip names) are their own.
  const tone = backend.name === 'PGlite' ? 300 : 500;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'md-import-'));
    database = await backend.create();
    // The tus folder outside the data folder: an app's store creates it in the background, which must not race the removal of the data folder.
    env = { DATA_DIR: dataDir, TUS_DIR: join(tmpdir(), 'md-import-test-tus'), ...(database.url ? { DATABASE_URL: database.url } : {}) };
    config = loadConfig({ ...env, STATIC_DIR: join(tmpdir(), 'md-test-no-static') });
    // A site that ran once (catalogue seeded, no demo clips encoded), then stopped.
    // Seeding draws and masks every catalogue picture (minutes on a busy machine) unless they are there.
    withSharedImages(config.mediaDir);
    const app = await createServer(config);
    await prepare(app, { encodeClips: false, backgroundClips: false });
    await app.close();
  }, 600_000);
  afterAll(async () => {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens the folder (no server holds it between runs) for a look at its database and API. */
  async function withApp<T>(look: (app: App) => Promise<T>): Promise<T> {
    const app = await createServer(config);
    try {
      return await look(app);
    } finally {
      await app.close();
    }
  }
  const videosOfClip = (app: App, clip: string) => app.ctx.database.db.selectFrom('videos').selectAll().where('clip', '=', clip).execute();
  const importRows = (app: App) => app.ctx.database.db.selectFrom('video_imports').selectAll().orderBy('id').execute();
  const homeTitles = async (app: App) =>
    (await call<Page<VideoItem>>(app, API.videoList, { body: { categoryId: 10782, page: 1, pageSize: 50 } })).data.list.map((v) => v.title);

  const searchTitles = async (app: App, keyword: string) => {
    const found = await call<SearchResult>(app, CONTENT_API.search, { body: { keyword, type: 'video', page: 1, pageSize: 10 } });
    expect(found.envelope.code).toBe(200);
    return found.data.videos!.list.map((v) => v.title);
  };

  it('skips bad files with clear messages, imports the others, and exits 1; unknown names are refused with the names there are', async () => {
    const dir = mkdtempSync(join(media, 'mixed-'));
    const good = await makeVideo(dir, 'good.mp4', '320x180', 1, tone);
    const text = join(dir, 'notes.mp4');
    writeFileSync(text, 'this is not a video\n');
    const empty = join(dir, 'empty.mp4');
    writeFileSync(empty, '');
    const sound = join(dir, 'sound.m4a');
    await runFfmpeg(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220', '-t', '1', '-c:a', 'aac', sound]);

    const unknown = await md(['import-video', good, '--category', '城市', '--tags', '纪实,没有这个标签', '--json'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown tag: 没有这个标签. The site has: ');
    expect(unknown.stderr).toContain('纪实');
    const badCategory = await md(['import-video', good, '--category', '不存在的分类'], env);
    expect(badCategory.code).toBe(1);
    expect(badCategory.stderr).toMatch(/unknown category: 不存在的分类\. The site has: 城市 \(101\)/);

    const run = await md(
      ['import-video', good, text, empty, sound, join(dir, 'missing.mp4'), '--category', '城市', '--published', '2021-06-01T08:00:00Z'],
      env,
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`skipped ${text}: not a video`);
    expect(run.stderr).toContain(`skipped ${empty}: the file is empty`);
    expect(run.stderr).toContain(`skipped ${sound}: the file has no video stream`);
    expect(run.stderr).toContain(`skipped ${join(dir, 'missing.mp4')}: no such file`);
    expect(run.stdout).toMatch(/^imported .*good\.mp4: video \d+$/m);
    expect(run.stdout).toContain('1 imported, 0 queued, 4 skipped, 0 failed');

    await withApp(async (app) => {
      const rows = await importRows(app);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'ready', title: 'good', source_path: good });
      const [video] = await videosOfClip(app, rows[0]!.clip);
      expect(video).toMatchObject({ id: rows[0]!.video_id, title: 'good', category_id: 101, listed: true });
      // --published: the back catalogue's date, not the day of the import.
      expect(new Date(video!.created_at).toISOString()).toBe('2021-06-01T08:00:00.000Z');
      // A 320x180 source fills none of the ladder's boxes: one rendition at its own size.
      const clip = await app.ctx.database.db.selectFrom('clips').selectAll().where('name', '=', rows[0]!.clip).executeTakeFirstOrThrow();
      expect(clip.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['320x180']);
    });
  }, 300_000);

  it('an import stopped mid-transcode shows nowhere, and running the command again finishes it once, even after its worker died', async () => {
    const dir = mkdtempSync(join(media, 'resume-'));
    // Long enough that the transcode is still running when the server stops.
    const file = await makeVideo(dir, 'long.mp4', '1280x720', 12, tone);
    const args = ['import-video', file, '--title', '断点续传测试', '--category', '旅行', '--performer', '江一帆', '--tags', '户外,航拍'];

    // A running server takes the import and its worker starts the transcode.
    const key = newOperatorKey();
    await claimForServer(dataDir, key);
    const app = await createServer(config, { operatorKey: key });
    let clip: string;
    try {
      await prepare(app, { encodeClips: false, backgroundClips: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      publishServerUrl(dataDir, key, localUrlOf('127.0.0.1', typeof address === 'object' && address ? address.port : 0));
      const queued = await md([...args, '--no-wait', '--json'], env);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ pending: [{ path: file, state: 'processing' }] });
      const db = app.ctx.database.db;
      const row = await db.selectFrom('video_imports').selectAll().where('source_path', '=', file).executeTakeFirstOrThrow();
      clip = row.clip;
      // Wait until the encode has begun (the job writes 2 % as ffmpeg starts).
      for (;;) {
        const now = await db.selectFrom('video_imports').select(['progress', 'state']).where('id', '=', row.id).executeTakeFirstOrThrow();
        expect(now.state).toBe('processing');
        if (now.progress >= 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // The server stops mid-transcode: ffmpeg is killed, the job handed back.
      await app.close();
      // Nothing of it is visible: no video row, no clip, no folder, no scratch.
      await withApp(async (look) => {
        expect(await videosOfClip(look, clip)).toHaveLength(0);
        expect(await homeTitles(look)).not.toContain('断点续传测试');
        const found = await searchTitles(look, '断点续传测试');
        expect(found).not.toContain('断点续传测试');
        expect((await importRows(look)).find((r) => r.clip === clip)).toMatchObject({ state: 'processing', video_id: null });
        // As if its worker had been killed instead: a worker claims the job and is gone, its lease run out.
        const dead = await look.ctx.queue.store.claim([IMPORT_JOB], 'gone-host:1:dead', 1);
        expect(dead).toMatchObject({ kind: IMPORT_JOB, payload: { importId: row.id } });
      });
      const videoDir = join(dataDir, 'media', 'video');
      expect(readdirSync(videoDir).filter((n) => n.startsWith(clip))).toEqual([]);
    } finally {
      await app.close();
      removeOperatorFile(dataDir, process.pid);
    }

    // No server now: the tool runs the job itself and the same command finishes the import.
    // A short lease: on PostgreSQL, pg-boss looks for expired jobs every half lease.
    const resumed = await md([...args, '--json'], { ...env, MD_JOB_LEASE_SECONDS: '4' });
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = JSON.parse(resumed.stdout) as { imported: { videoId: number; outcome: string }[] };
    expect(report.imported).toEqual([expect.objectContaining({ outcome: 'resumed' })]);
    const videoId = report.imported[0]!.videoId;
    const again = await md([...args, '--json'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).imported).toEqual([expect.objectContaining({ outcome: 'already-imported', videoId })]);

    await withApp(async (look) => {
      const rows = (await importRows(look)).filter((r) => r.source_path === file);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'ready', video_id: videoId });
      expect(await videosOfClip(look, clip)).toHaveLength(1);
      const renditions = (await look.ctx.database.db.selectFrom('clips').select('renditions').where('name', '=', clip).executeTakeFirstOrThrow()).renditions;
      expect(renditions.map((r) => r.label)).toEqual(['360p', '720p']);
      const detail = await call<VideoDetail>(look, API.videoDetail, { body: { id: videoId } });
      expect(detail.data).toMatchObject({ id: videoId, title: '断点续传测试' });
      expect(detail.data.thumbnails).toMatchObject({ width: 160, height: 90 });
      const performers = await look.ctx.database.db
        .selectFrom('video_actresses')
        .innerJoin('actresses', 'actresses.id', 'actress_id')
        .select('name')
        .where('video_id', '=', videoId)
        .execute();
      expect(performers.map((p) => p.name)).toEqual(['江一帆']);
      const tags = await look.ctx.database.db
        .selectFrom('video_tags')
        .innerJoin('tags', 'tags.id', 'tag_id')
        .select('name')
        .where('video_id', '=', videoId)
        .orderBy('name')
        .execute();
      expect(tags.map((t) => t.name).sort()).toEqual(['户外', '航拍'].sort());
      expect(await homeTitles(look)).toContain('断点续传测试');
      expect(await searchTitles(look, '断点续传测试')).toEqual(['断点续传测试']);
      expect(await look.ctx.queue.find(IMPORT_JOB, importJobKey(rows[0]!.id))).toMatchObject({ state: 'done', attempts: 2 });
    });
    const clipDir = join(dataDir, 'media', 'video', clip);
    expect(existsSync(join(clipDir, 'manifest.mpd'))).toBe(true);
    expect(existsSync(join(dataDir, 'media', 'img', 'thumbs', `${clip}.jpg`))).toBe(true);
    expect(existsSync(join(dataDir, 'media', 'img', 'imports', `${clip}.webp`))).toBe(true);
  }, 400_000);

  it('imports a folder in bulk from manifest.csv and manifest.json, with captions named in the manifest', async () => {
    const csvDir = join(media, 'bulk-csv');
    const jsonDir = join(media, 'bulk-json');
    mkdirSync(join(csvDir, 'clips'), { recursive: true });
    mkdirSync(jsonDir, { recursive: true });
    await makeVideo(join(csvDir, 'clips'), 'one.mp4', '320x180', 1, tone + 11);
    await makeVideo(csvDir, 'two.mp4', '320x180', 1, null);
    await makeVideo(jsonDir, 'three.mp4', '320x180', 1, tone + 33);
    writeFileSync(join(csvDir, 'clips', 'one.zh.vtt'), VTT);
    writeFileSync(join(csvDir, 'one-en.vtt'), VTT.replace('你好', 'Hello'));
    writeFileSync(
      join(csvDir, 'manifest.csv'),
      [
        'file,title,performer,tags,category,subtitles',
        'clips/one.mp4,"批量一号, 带字幕",林夏;周以安,纪实|清晨,城市,clips/one.zh.vtt;en=one-en.vtt',
        'two.mp4,批量二号,,,自然,',
      ].join('\n'),
    );
    writeFileSync(join(jsonDir, 'manifest.json'), JSON.stringify([{ file: 'three.mp4', title: '批量三号', tags: ['安静'] }]));

    const run = await md(['import-video', csvDir, jsonDir, '--category', '科技', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { imported: { path: string; videoId: number }[]; skipped: unknown[]; failed: unknown[] };
    expect(report.skipped).toEqual([]);
    expect(report.failed).toEqual([]);
    expect(report.imported.map((i) => i.path)).toEqual([join(csvDir, 'clips', 'one.mp4'), join(csvDir, 'two.mp4'), join(jsonDir, 'three.mp4')]);

    await withApp(async (look) => {
      const db = look.ctx.database.db;
      const videos = await db
        .selectFrom('videos')
        .select(['id', 'title', 'category_id', 'tags', 'clip'])
        .where(
          'id',
          'in',
          report.imported.map((i) => i.videoId),
        )
        .orderBy('id')
        .execute();
      expect(videos.map((v) => [v.title, v.category_id, v.tags])).toEqual([
        ['批量一号, 带字幕', 101, ['纪实', '清晨']],
        ['批量二号', 102, []],
        // The command line's category is the default for rows that leave it out.
        ['批量三号', 105, ['安静']],
      ]);
      const performers = await db
        .selectFrom('video_actresses')
        .innerJoin('actresses', 'actresses.id', 'actress_id')
        .select('name')
        .where('video_id', '=', videos[0]!.id)
        .execute();
      expect(performers.map((p) => p.name).sort()).toEqual(['周以安', '林夏'].sort());
      const manifest = readFileSync(join(dataDir, 'media', 'video', videos[0]!.clip, 'manifest.mpd'), 'utf8');
      expect(manifest).toContain('lang="zh"');
      expect(manifest).toContain('<Label>English</Label>');
      expect(readFileSync(join(dataDir, 'media', 'video', videos[0]!.clip, 'captions-1.vtt'), 'utf8')).toBe(VTT);
      // The silent source has no audio adaptation set.
      expect(readFileSync(join(dataDir, 'media', 'video', videos[1]!.clip, 'manifest.mpd'), 'utf8')).not.toContain('contentType="audio"');
    });
  }, 400_000);
});
