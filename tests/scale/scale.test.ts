/**
 * Several instances behind nginx (issue 14): two real server processes on one PostgreSQL database
 * and one Redis, nginx in front on loopback running the shipped deploy/nginx/*.conf, and job worker
 * processes (`md worker`). Runs when DATABASE_URL and REDIS_URL are set (vitest.config.ts); nginx
 * must be installed (CI installs Debian's).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API } from '../../protocol/admin-api.ts';
import { API, HOME_ID, type AppConfig, type LoginResult, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { TUS_PATH, TUS_TICKET_HEADER, WORKS_API, type MyWork, type UploadTicket } from '../../protocol/works-api.ts';
import { MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/accounts/sign-in-limits.ts';
import { locateFfmpeg, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { STALE_CLAIM_MS } from '../../server/plugins/idempotency.ts';
import { TRANSCODE_JOB } from '../../server/jobs/work-transcode.ts';
import {
  api,
  clusterPorts,
  get,
  nginxConfig,
  send,
  sendCall,
  signedCall,
  startInstance,
  startNginx,
  startTool,
  tapProxy,
  waitFor,
  type Proc,
} from './cluster.ts';

const databaseUrl = process.env.DATABASE_URL!;
const redisUrl = process.env.REDIS_URL!;
/** Encoded clips and generated images, shared with the server tests. */
const MEDIA_DIR = join(tmpdir(), 'md-test-media');

const scratch = mkdtempSync(join(tmpdir(), 'md-scale-'));
const dbName = `md_scale_${randomBytes(6).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
let db: pg.Pool;
let ports: Awaited<ReturnType<typeof clusterPorts>>;
let a: Proc;
let b: Proc;
let nginx: Proc;
let tap: Awaited<ReturnType<typeof tapProxy>>;
const workers: Proc[] = [];

/** What every instance and worker shares: the database, Redis (under this run's own prefix), storage and keys. */
const shared = (): Record<string, string> => ({
  DATABASE_URL: dbUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `md-scale-${dbName}:`,
  MEDIA_DIR,
  MEDIA_URL: `http://media.test:${ports.nginx}`,
  TUS_DIR: join(scratch, 'tus'),
  STATIC_DIR: join(scratch, 'no-static'),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: '1',
  // The media folder is shared: the suite's clips come from the works it transcodes.
  MD_DEMO_CLIPS: 'none',
  // Jobs run in the worker processes only.
  MD_JOB_WORKERS: '0',
  MD_SIGNUPS_PER_ADDRESS: '1000',
});

const instanceEnv = (name: string, port: number) => ({ ...shared(), DATA_DIR: join(scratch, name), PORT: String(port) });
const healthy = async (port: number) => (await get(port, '/healthz', '127.0.0.1')).status === 200;
const site = () => ports.nginx;

beforeAll(async () => {
  ports = await clusterPorts();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  db = new pg.Pool({ connectionString: dbUrl, max: 4 });
  // Dropping the database at the end ends its idle connections: nothing to report.
  db.on('error', () => undefined);
  mkdirSync(join(scratch, 'tus'), { recursive: true });
  // The first instance migrates and seeds alone, as README says; the second finds it done.
  a = startInstance(instanceEnv('a', ports.a));
  await waitFor('instance A ready', () => healthy(ports.a), 150_000, a);
  b = startInstance(instanceEnv('b', ports.b));
  await waitFor('instance B ready', () => healthy(ports.b), 60_000, b);
  tap = await tapProxy(ports.tap, ports.a);
  nginx = await startNginx(join(scratch, 'nginx'), nginxConfig(join(scratch, 'nginx'), ports, MEDIA_DIR), ports.nginx);
}, 240_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await Promise.all([a?.stop(), b?.stop(), nginx?.stop(), tap?.close()]);
  await db?.end();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

const guest = async () => {
  const r = await api<LoginResult>(site(), API.loginGuest, { affCode: '', devID: crypto.randomUUID() });
  expect(r.code).toBe(200);
  return r.data;
};

async function member(prefix: string, password = 'secret1') {
  const account = `${prefix}_${randomBytes(4).toString('hex')}`;
  expect((await api(site(), API.accountCreate, { account, password, confirmPassword: password })).code).toBe(200);
  const login = await api<LoginResult>(site(), API.loginOfficial, { account, password });
  expect(login.code).toBe(200);
  return { account, password, token: login.data.token, id: login.data.userInfo.id };
}

describe('two instances behind nginx', () => {
  it('refuse on one instance a signed request first used on the other, and through nginx', async () => {
    const body = { categoryId: HOME_ID, page: 1, pageSize: 1 };
    const direct = signedCall(API.videoList, body);
    expect((await sendCall(ports.a, direct)).code).toBe(200);
    const replayed = await sendCall(ports.b, direct);
    expect([replayed.status, replayed.code]).toEqual([401, CODES.REPLAYED]);

    // Through nginx, wherever round-robin sends each copy.
    const proxied = signedCall(API.videoList, body);
    expect((await sendCall(site(), proxied)).code).toBe(200);
    for (let i = 0; i < 2; i++) expect((await sendCall(site(), proxied)).code).toBe(CODES.REPLAYED);
  });

  it('count sign-in failures across both instances, whatever X-Forwarded-For a client sends through nginx', async () => {
    const m = await member('limit');
    const wrong = { account: m.account, password: 'wrong-password' };
    // Both instances directly, and nginx with made-up client addresses it must overwrite.
    const places: [number, Record<string, string>][] = [
      [ports.a, {}],
      [ports.b, {}],
      [site(), { 'x-forwarded-for': '10.1.1.1' }],
      [ports.a, {}],
      [site(), { 'x-forwarded-for': '10.2.2.2, 10.3.3.3' }],
    ];
    expect(places).toHaveLength(MAX_TRIES_PER_ACCOUNT_AND_ADDRESS);
    for (const [port, headers] of places) {
      expect((await sendCall(port, signedCall(API.loginOfficial, wrong), 'site.test', headers)).code).toBe(CODES.AUTH_FAILED);
    }
    // The next try is refused before the password is looked at, the right one too, on either.
    expect((await sendCall(ports.b, signedCall(API.loginOfficial, { account: m.account, password: m.password }))).code).toBe(CODES.TOO_MANY);
    expect(
      (await sendCall(site(), signedCall(API.loginOfficial, { account: m.account, password: m.password }), 'site.test', { 'x-forwarded-for': '10.9.9.9' }))
        .code,
    ).toBe(CODES.TOO_MANY);
  });

  it('refuse a suspended member on both instances at once, and keep the operators’ channel closed through nginx', async () => {
    const m = await member('susp');
    for (const port of [ports.a, ports.b]) expect((await api(port, API.userInfo, {}, { token: m.token })).code).toBe(200);

    const tool = startTool(['member', 'suspend', m.account, '--reason', 'scale test', '--json', '--data-dir', join(scratch, 'a')], shared());
    expect(await tool.exited, tool.output()).toBe(0);
    for (const port of [ports.a, ports.b, site()]) expect((await api(port, API.userInfo, {}, { token: m.token })).code).toBe(CODES.LOGIN_INVALID);
    expect((await api(site(), API.loginOfficial, { account: m.account, password: m.password })).code).toBe(CODES.SUSPENDED);

    // The tool's key works from this machine, never through the proxy (which names the client).
    const { key } = JSON.parse(readFileSync(join(scratch, 'a', 'operator.json'), 'utf8')) as { key: string };
    const local = { 'content-type': 'application/json', 'x-operator-key': key };
    expect((await send(ports.a, 'POST', ADMIN_API.whoami, '127.0.0.1', local, '{}')).status).toBe(200);
    expect((await send(site(), 'POST', ADMIN_API.whoami, 'site.test', local, '{}')).status).toBe(401);
  });

  it('never sends a POST that reached an instance to another; a replay would meet the used nonce; the requestId answers the first answer', async () => {
    const m = await member('tap');
    expect((await api(site(), CONTENT_API.commentConfirm, { agree: true }, { token: m.token })).code).toBe(200);
    const comment = (text: string, requestId: string) =>
      signedCall(CONTENT_API.commentAdd, { contentType: CONTENT_TYPE.VIDEO, id: 1052, content: text, requestId }, { token: m.token });
    const stored = async (text: string) => Number((await db.query('SELECT count(*) AS n FROM comments WHERE content = $1', [text])).rows[0].n);

    // The shipped rules: instance A did the work and died before answering; nginx does not try B.
    const safe = `safe ${randomBytes(4).toString('hex')}`;
    const safeId = `scale-${randomBytes(6).toString('hex')}`;
    const dropped = await sendCall(site(), comment(safe, safeId), 'tap.test');
    expect(dropped.status).toBe(502);
    expect(tap.passed()).toBe(1);
    expect(await stored(safe)).toBe(1);

    // With non_idempotent added, nginx sends the same request to B, whose shared nonce store refuses it.
    const unsafe = `unsafe ${randomBytes(4).toString('hex')}`;
    const unsafeId = `scale-${randomBytes(6).toString('hex')}`;
    const replayed = await sendCall(site(), comment(unsafe, unsafeId), 'tap-unsafe.test');
    expect([replayed.status, replayed.code]).toEqual([401, CODES.REPLAYED]);
    expect(tap.passed()).toBe(2);
    expect(await stored(unsafe)).toBe(1);

    // The client asks again with a new signature and the same requestId: the first answer, nothing added.
    for (const [text, id] of [
      [safe, safeId],
      [unsafe, unsafeId],
    ] as const) {
      const again = await sendCall(site(), comment(text, id));
      expect(again.code).toBe(200);
      expect(again.headers['x-idempotent-replay']).toBe('1');
      expect(await stored(text)).toBe(1);
    }
  });

  it('serves media from the static origin of MEDIA_URL, the same bytes as an instance', async () => {
    const config = await api<AppConfig>(site(), API.config, undefined, { method: 'GET' });
    const media = `http://media.test:${ports.nginx}`;
    expect(config.data.domain).toEqual([
      { type: 'IMAGE', urls: [`${media}/img`] },
      { type: 'VIDEO', urls: [`${media}/video`] },
    ]);
    expect(config.headers['content-security-policy']).toContain(`img-src 'self' blob: data: ${media}`);
    expect(config.headers['content-security-policy']).toContain(`connect-src 'self' ${media}`);

    const list = await api<Page<VideoItem>>(site(), API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 1 });
    const poster = list.data.list[0]!.cover.replace(/^\//, '');
    for (const query of ['', '?w=320', '?w=160', '?w=99999', '?w=../../x']) {
      const fromInstance = await get(ports.b, `/media/img/${poster}${query}`, '127.0.0.1');
      const fromOrigin = await get(site(), `/img/${poster}${query}`, 'media.test');
      expect([fromInstance.status, fromOrigin.status]).toEqual([200, 200]);
      expect(fromOrigin.body.equals(fromInstance.body), `${poster}${query}`).toBe(true);
      expect(fromInstance.headers['access-control-allow-origin']).toBe('*');
      expect(fromOrigin.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await get(site(), '/img/../pg/PG_VERSION', 'media.test')).status).toBe(404);
  });
});

describe('job workers', () => {
  const ffmpeg = locateFfmpeg(null);

  async function postWork(token: string): Promise<MyWork> {
    const file = join(scratch, 'work.mp4');
    // Long enough that the worker is killed mid-encode: 8 s of 720p becomes 360p and 720p renditions.
    await runFfmpeg(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=24', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mp4', file],
    ]);
    const video = readFileSync(file);
    const ticket = (await api<UploadTicket>(site(), WORKS_API.uploadMedia, {}, { token })).data.ticket;
    const tus = { 'tus-resumable': '1.0.0', [TUS_TICKET_HEADER]: ticket };
    const created = await send(site(), 'POST', TUS_PATH, 'site.test', { ...tus, 'upload-length': String(video.length) });
    expect(created.status).toBe(201);
    const path = new URL(created.headers.location!, 'http://x').pathname;
    const patched = await send(site(), 'PATCH', path, 'site.test', { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, video);
    expect(patched.status).toBe(204);
    const posted = await api<MyWork>(site(), WORKS_API.post, { uploadId: path.split('/').pop(), title: 'scale', categoryId: 101 }, { token });
    expect(posted.code).toBe(200);
    return posted.data;
  }

  // On PostgreSQL the queue is pg-boss (server/jobs/boss-store.ts): its job row, in the queue's words.
  const jobOf = async (workId: number) =>
    (
      await db.query(
        `SELECT CASE state WHEN 'active' THEN 'running' WHEN 'completed' THEN 'done' WHEN 'created' THEN 'queued' WHEN 'retry' THEN 'queued' ELSE 'failed' END AS state,
           CASE WHEN started_on IS NULL THEN 0 ELSE retry_count + 1 END AS attempts,
           CASE WHEN state = 'active' THEN output->>'worker' END AS locked_by,
           coalesce((output->>'progress')::integer, 0) AS progress
         FROM pgboss.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on DESC LIMIT 1`,
        [TRANSCODE_JOB, `work.transcode:${workId}`],
      )
    ).rows[0] as { state: string; attempts: number; locked_by: string | null; progress: number };

  const worker = () => {
    // A short lease, so the job of a killed worker is free again in seconds.
    const w = startTool(['worker', '--json'], { ...shared(), DATA_DIR: join(scratch, `worker-${workers.length}`), MD_JOB_LEASE_SECONDS: '3' });
    workers.push(w);
    return w;
  };

  it('refuses to start without PostgreSQL, and on bad arguments, saying why', async () => {
    const noDatabase = startTool(['worker'], { ...shared(), DATABASE_URL: '' });
    expect(await noDatabase.exited).toBe(1);
    expect(noDatabase.output()).toContain('worker needs DATABASE_URL');
    const bad = startTool(['worker', '--concurrency', '0'], shared());
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('--concurrency must be a whole number of at least 1');
  });

  it('a transcode whose worker is killed mid-job is finished by another worker once the lease runs out', async () => {
    const m = await member('work');
    const work = await postWork(m.token);
    expect(work.state).toBe('processing');

    const first = worker();
    await waitFor(
      'the first worker encoding',
      async () => {
        const job = await jobOf(work.id);
        return job.state === 'running' && job.locked_by?.includes(`:${first.child.pid}:`) === true && job.progress > 2;
      },
      60_000,
      first,
    );
    first.kill();
    await first.exited;
    expect((await jobOf(work.id)).state).toBe('running');

    const second = worker();
    let ready: MyWork | undefined;
    await waitFor(
      'the second worker finishing the work',
      async () => {
        const page = await api<Page<MyWork>>(site(), WORKS_API.media, { page: 1, pageSize: 10 }, { token: m.token });
        ready = page.data.list.find((w) => w.id === work.id);
        return ready?.state === 'ready';
      },
      120_000,
      second,
    );
    await waitFor('the job closed', async () => (await jobOf(work.id)).state === 'done', 10_000);
    expect(await jobOf(work.id)).toMatchObject({ state: 'done', attempts: 2, locked_by: null });

    // SIGTERM: the worker stops and says what it did.
    expect(await second.stop(), second.output()).toBe(0);
    const report = JSON.parse(
      second
        .output()
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{"worker"'))
        .pop()!,
    ) as { done: number; kinds: string[] };
    expect(report).toMatchObject({ done: 1, kinds: expect.arrayContaining([TRANSCODE_JOB]) });

    // The video plays from either instance; its manifest is the same on the media origin.
    const detail = await api<VideoDetail>(site(), API.videoDetail, { id: ready!.videoId }, { token: m.token });
    expect(detail.data.renditions.map((r) => r.label)).toEqual(['360p', '720p']);
    const manifest = detail.data.stream.replace(/^\//, '');
    const fromInstance = await get(ports.b, `/media/video/${manifest}`, '127.0.0.1');
    const fromOrigin = await get(site(), `/video/${manifest}`, 'media.test');
    expect([fromInstance.status, fromOrigin.status]).toEqual([200, 200]);
    expect(fromOrigin.body.equals(fromInstance.body)).toBe(true);

    // An operator's takedown through instance A reaches instance B's cached detail at once (the
    // broadcast), not after the cache's 30 s.
    const onB = () => api<VideoDetail>(ports.b, API.videoDetail, { id: ready!.videoId });
    expect((await onB()).code).toBe(200);
    const takedown = startTool(['moderate', 'takedown', 'work', String(work.id), '--reason', 'scale test', '--data-dir', join(scratch, 'a')], shared());
    expect(await takedown.exited, takedown.output()).toBe(0);
    await expect.poll(async () => (await onB()).code).toBe(CODES.NOT_FOUND);
  }, 240_000);
});

describe('an instance killed during 1,000 writes', () => {
  it('loses no write answered as successful, and the other instance keeps answering', async () => {
    const GUESTS = 40;
    const videos = (await db.query('SELECT id FROM videos WHERE listed ORDER BY id LIMIT 25')).rows.map((r) => Number(r.id));
    expect(videos).toHaveLength(25);
    const guests = await Promise.all(Array.from({ length: GUESTS }, () => guest()));
    const before = new Map(
      (await db.query('SELECT id, collect_count FROM videos WHERE id = ANY($1)', [videos])).rows.map((r) => [Number(r.id), Number(r.collect_count)]),
    );
    const writes = guests.flatMap((g) =>
      videos.map((id) => ({ token: g.token, userId: g.userInfo.id, id, requestId: `fav-${randomBytes(8).toString('hex')}` })),
    );
    expect(writes).toHaveLength(1000);

    const succeeded = new Set<number>();
    let answeredAfterKill = 0;
    let killed = false;
    const failures: string[] = [];
    let next = 0;
    const write = async (i: number) => {
      const w = writes[i]!;
      const r = await sendCall(
        site(),
        signedCall(CONTENT_API.collectAdd, { id: w.id, contentType: CONTENT_TYPE.VIDEO, requestId: w.requestId }, { token: w.token }),
      ).catch((error: Error) => ({ status: 0, code: -1, tip: error.message }));
      if (r.code === 200) {
        succeeded.add(i);
        if (killed) answeredAfterKill++;
      } else failures.push(`${r.status} ${r.code} ${r.tip}`);
      return r.code === 200;
    };
    // Sixteen clients at a time; instance A is killed (its whole process group) a third of the way in.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < writes.length) {
          const i = next++;
          if (i === 333) {
            a.kill();
            killed = true;
          }
          await write(i);
        }
      }),
    );
    expect(await a.exited).not.toBe(0);
    expect(answeredAfterKill).toBeGreaterThan(0);

    // Every write answered 200 is stored.
    const stored = new Set(
      (await db.query('SELECT user_id, content_id FROM collects WHERE content_type = 2 AND user_id = ANY($1)', [guests.map((g) => g.userInfo.id)])).rows.map(
        (r) => `${r.user_id} ${r.content_id}`,
      ),
    );
    for (const i of succeeded) expect(stored.has(`${writes[i]!.userId} ${writes[i]!.id}`), `write ${i}`).toBe(true);

    // The clients ask again for what got no answer (same requestId, a new signature) until it is
    // answered: a write the dead instance had claimed waits until its claim goes stale
    // (STALE_CLAIM_MS), then runs (or answers what it stored). All 1,000 end stored, each once.
    const unanswered = writes.map((_, i) => i).filter((i) => !succeeded.has(i));
    await Promise.all(
      unanswered.map(async (i) => {
        const until = Date.now() + STALE_CLAIM_MS * 4;
        while (!(await write(i)) && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
      }),
    );
    for (const i of unanswered) expect(succeeded.has(i), `write ${i}: ${failures.slice(-3).join('; ')}`).toBe(true);
    const rows = (
      await db.query('SELECT content_id, count(*) AS n FROM collects WHERE content_type = 2 AND user_id = ANY($1) GROUP BY content_id', [
        guests.map((g) => g.userInfo.id),
      ])
    ).rows;
    expect(rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(1000);
    // Each video's count moved by exactly its new favourites: nothing applied twice.
    const after = new Map(
      (await db.query('SELECT id, collect_count FROM videos WHERE id = ANY($1)', [videos])).rows.map((r) => [Number(r.id), Number(r.collect_count)]),
    );
    for (const id of videos) expect(after.get(id)! - before.get(id)!, `video ${id}`).toBe(GUESTS);

    // The instance left answers every kind of call.
    expect(await healthy(ports.b)).toBe(true);
    expect((await api(site(), API.videoList, { categoryId: HOME_ID, page: 1, pageSize: 5 })).code).toBe(200);
  }, 180_000);
});
