import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import type { VideoDetailExtra } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import {
  TUS_PATH,
  TUS_TICKET_HEADER,
  WORK_UPLOAD_MAX_BYTES,
  WORKS_API,
  type MyWork,
  type UploadTicket,
  type WorkCollection,
  type WorkTagChoices,
} from '../../protocol/works-api.ts';
import { createServer, prepare } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { backupRepository } from '../../server/db/repositories/backup.ts';
import { locateFfmpeg, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { openBossStore } from '../../server/jobs/boss-store.ts';
import { PermanentJobError, storeQueue, type JobQueue } from '../../server/jobs/queue.ts';
import { TRANSCODE_JOB, transcodeKey, workTranscodeHandler } from '../../server/jobs/work-transcode.ts';
import { sweepWorks, UNFINISHED_UPLOAD_TTL_MS } from '../../server/jobs/works-maintenance.ts';
import { workCounterKeys } from '../../server/routes/works/works-routes.ts';
import { BACKENDS, SHARED_MEDIA_DIR, call, newGuest, signUpMember, suiteServer, type Backend, type Member } from './helpers.ts';

const ffmpeg = locateFfmpeg(null);
const scratch = mkdtempSync(join(tmpdir(), 'md-works-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A short test video made by ffmpeg: `seconds` of testsrc at `size`, with a tone unless silent. */
async function makeVideo(name: string, size: string, seconds: number, options: { audio?: boolean; audioOnly?: boolean } = {}): Promise<Buffer> {
  const file = join(scratch, name);
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (!options.audioOnly) args.push('-f', 'lavfi', '-i', `testsrc=size=${size}:rate=24`);
  if (options.audio !== false) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds));
  if (!options.audioOnly) args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (options.audio !== false) args.push('-c:a', 'aac');
  args.push('-f', 'mp4', file);
  await runFfmpeg(ffmpeg, args);
  return readFileSync(file);
}

const sizeOf = (d: { width: number; height: number }) => `${d.width}x${d.height}`;

/** A tus request through app.inject, with the ticket when given. */
function tus(app: FastifyInstance, method: string, url: string, ticket: string | null, headers: Record<string, string> = {}, payload?: Buffer) {
  return app.inject({
    method: method as 'POST',
    url,
    headers: { 'tus-resumable': '1.0.0', ...(ticket ? { [TUS_TICKET_HEADER]: ticket } : {}), ...headers },
    payload,
  });
}

const idOf = (location: string) => location.split('/').pop()!;

describe.each(BACKENDS)('works on $name', (backend) => {
  const tusDir = mkdtempSync(join(scratch, 'tus-'));
  const server = suiteServer(() => ({ backend, env: { TUS_DIR: tusDir } }));
  const app = () => server.app;
  const db = () => server.app.ctx.database.db;
  const members: Member[] = [];
  const member = async (prefix = 'wk') => {
    const m = await signUpMember(app(), prefix);
    members.push(m);
    return m;
  };
  afterAll(async () => {
    // Tests share one Redis when REDIS_URL is set.
    for (const m of members) for (const key of Object.values(workCounterKeys(m.id))) await server.app?.ctx.stores.counter.release(key, 1000);
  });

  const ticketFor = async (token: string, size?: number) =>
    call<UploadTicket>(app(), WORKS_API.uploadMedia, { token, body: size === undefined ? {} : { size } });
  const ticket = async (token: string) => {
    const r = await ticketFor(token);
    expect(r.envelope.code).toBe(200);
    return r.data.ticket;
  };
  /** Creates an upload and sends all its bytes; answers its id. */
  const upload = async (token: string, bytes: Buffer) => {
    const t = await ticket(token);
    const created = await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': String(bytes.length) });
    expect(created.statusCode).toBe(201);
    const id = idOf(created.headers.location as string);
    if (bytes.length > 0) {
      const sent = await tus(app(), 'PATCH', `${TUS_PATH}/${id}`, t, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes);
      expect(sent.statusCode).toBe(204);
    }
    return id;
  };
  const post = (token: string, body: Record<string, unknown>) => call<MyWork>(app(), WORKS_API.post, { token, body: { categoryId: 101, ...body } });
  const mine = (token: string, body: Record<string, unknown> = {}) =>
    call<Page<MyWork>>(app(), WORKS_API.media, { token, body: { page: 1, pageSize: 50, ...body } });
  const workOf = async (token: string, id: number) => (await mine(token)).data.list.find((w) => w.id === id)!;
  /** Polls works/media until the work leaves processing. */
  const settled = async (token: string, id: number, timeoutMs = 50_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const work = await workOf(token, id);
      if (work.state !== 'processing') return work;
      if (Date.now() > until) throw new Error(`work ${id} still processing at ${work.progress}%`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const detail = (id: number, token?: string) => call<VideoDetail & VideoDetailExtra>(app(), API.videoDetail, { token, body: { id } });
  const homeList = async () => (await call<Page<VideoItem>>(app(), API.videoList, { body: { categoryId: 10782, page: 1, pageSize: 50 } })).data.list;

  it('issues upload tickets to members only, refusing a declared size over the limit', async () => {
    const guest = await newGuest(app());
    expect((await ticketFor(guest.token)).envelope.code).toBe(CODES.FORBIDDEN);
    const m = await member();
    const ok = await ticketFor(m.token, 1234);
    expect(ok.data).toMatchObject({ header: TUS_TICKET_HEADER, endpoint: TUS_PATH, maxBytes: WORK_UPLOAD_MAX_BYTES });
    expect(ok.data.ticket.length).toBeGreaterThan(30);
    expect(Date.parse(ok.data.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
    // Only the hash is stored.
    const stored = await db().selectFrom('upload_tickets').select('ticket_hash').where('user_id', '=', m.id).execute();
    expect(stored.map((r) => r.ticket_hash)).not.toContain(ok.data.ticket);
    expect((await ticketFor(m.token, WORK_UPLOAD_MAX_BYTES + 1)).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '视频不能超过500MB' });
  });

  it('refuses tus requests without a live ticket, over the size, a second upload on one ticket, and another member’s upload', async () => {
    const m = await member();
    const other = await member();
    expect((await tus(app(), 'POST', TUS_PATH, null, { 'upload-length': '10' })).statusCode).toBe(401);
    expect((await tus(app(), 'POST', TUS_PATH, 'x'.repeat(43), { 'upload-length': '10' })).statusCode).toBe(401);
    const t = await ticket(m.token);
    expect((await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': String(WORK_UPLOAD_MAX_BYTES + 1) })).statusCode).toBe(413);
    expect((await tus(app(), 'POST', TUS_PATH, t, { 'upload-defer-length': '1' })).statusCode).toBeGreaterThanOrEqual(400);
    const created = await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': '10' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(new RegExp(`^${TUS_PATH}/[0-9a-f]{32}$`));
    // One ticket, one upload.
    expect((await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': '10' })).statusCode).toBe(403);
    const url = created.headers.location as string;
    const theirs = await ticket(other.token);
    expect((await tus(app(), 'HEAD', url, theirs)).statusCode).toBe(404);
    const patch = { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    expect((await tus(app(), 'PATCH', url, theirs, patch, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await tus(app(), 'PATCH', url, null, patch, Buffer.alloc(10))).statusCode).toBe(401);
    // An expired ticket reaches nothing.
    await db()
      .updateTable('upload_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', m.id)
      .execute();
    expect((await tus(app(), 'HEAD', url, t)).statusCode).toBe(401);
    // The page never reaches tus through /api/, and tus answers are never cached.
    expect(created.headers['cache-control']).toBe('no-store');
  });

  it('resumes an upload where it stopped: PATCH half, HEAD for the offset, PATCH the rest', async () => {
    const m = await member();
    const bytes = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
    const t = await ticket(m.token);
    const created = await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': String(bytes.length) });
    const url = created.headers.location as string;
    const type = { 'content-type': 'application/offset+octet-stream' };
    const half = await tus(app(), 'PATCH', url, t, { ...type, 'upload-offset': '0' }, bytes.subarray(0, 40_000));
    expect([half.statusCode, half.headers['upload-offset']]).toEqual([204, '40000']);
    // After a reload the page asks again (a new ticket of the same member reaches it) where to continue.
    const t2 = await ticket(m.token);
    const head = await tus(app(), 'HEAD', url, t2);
    expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([200, '40000', '100000']);
    // A PATCH from the wrong offset is refused and changes nothing.
    expect((await tus(app(), 'PATCH', url, t2, { ...type, 'upload-offset': '0' }, bytes.subarray(0, 10))).statusCode).toBe(409);
    const rest = await tus(app(), 'PATCH', url, t2, { ...type, 'upload-offset': '40000' }, bytes.subarray(40_000));
    expect([rest.statusCode, rest.headers['upload-offset']]).toEqual([204, '100000']);
    expect(readFileSync(join(tusDir, idOf(url))).equals(bytes)).toBe(true);
    const row = await db().selectFrom('video_uploads').select(['state', 'user_id']).where('id', '=', idOf(url)).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'complete', user_id: m.id });
  });

  it('keeps the bytes of a connection dropped mid-PATCH and continues from them', async () => {
    const m = await member();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    const t = await ticket(m.token);
    const created = await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': String(bytes.length) });
    const url = created.headers.location as string;
    // A real connection (the suite's close ends the listener too).
    await app().listen({ port: 0, host: '127.0.0.1' });
    {
      const { port } = app().server.address() as { port: number };
      // The whole length is announced, a part is sent, then the line drops.
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `PATCH ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\n${TUS_TICKET_HEADER}: ${t}\r\nUpload-Offset: 0\r\n` +
              `Content-Type: application/offset+octet-stream\r\nContent-Length: ${bytes.length}\r\n\r\n`,
          );
          socket.write(bytes.subarray(0, 120_000), () => setTimeout(() => (socket.destroy(), resolve()), 300));
        });
        socket.on('error', reject);
      });
      // The server notices and keeps what arrived.
      let offset = 0;
      for (let i = 0; i < 50 && offset === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        offset = Number((await tus(app(), 'HEAD', url, t)).headers['upload-offset']);
      }
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(120_000);
      const rest = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', [TUS_TICKET_HEADER]: t, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: bytes.subarray(offset),
      });
      expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, String(bytes.length)]);
      expect(readFileSync(join(tusDir, idOf(url))).equals(bytes)).toBe(true);
    }
  });

  it('posts a small video as a work, transcodes it to the one rendition its size earns and plays it on the video page', async () => {
    const m = await member();
    const id = await upload(m.token, await makeVideo('small.mp4', '320x180', 2));
    const choices = (await call<WorkTagChoices>(app(), WORKS_API.selectTags, { token: m.token, body: {} })).data;
    expect(choices.categories.map((c) => c.id)).toContain(101);
    const tags = choices.groups.flatMap((g) => g.tags).slice(0, 3);
    expect(tags).toHaveLength(3);
    const posted = await post(m.token, { uploadId: id, title: '  我的第一个作品  ', description: '测试', tagIds: tags.map((t) => t.id) });
    expect(posted.envelope.code).toBe(200);
    expect(posted.data).toMatchObject({ title: '我的第一个作品', state: 'processing', videoId: null, isPublic: true, failReason: null });
    expect(posted.data.tags).toEqual(tags);
    // One upload, one work.
    expect((await post(m.token, { uploadId: id, title: 'again' })).envelope).toMatchObject({ code: CODES.BAD_REQUEST });

    const work = await settled(m.token, posted.data.id);
    expect(work).toMatchObject({ state: 'ready', progress: 100, duration: 2, failReason: null });
    expect(work.cover).toMatch(/^works\/w[0-9a-f]+\.webp$/);
    expect(existsSync(join(SHARED_MEDIA_DIR, 'img', work.cover))).toBe(true);
    const video = (await detail(work.videoId!)).data;
    // 320x180 is below the lowest rung: one rendition at its own size, never enlarged.
    expect(video.renditions).toEqual([{ width: 320, height: 180, bandwidth: expect.any(Number), label: '180p' }]);
    expect(video).toMatchObject({ title: '我的第一个作品', description: '测试', poster: work.cover, duration: 2 });
    expect(video.tagList.map((t) => t.id)).toEqual(tags.map((t) => t.id));
    const manifest = join(SHARED_MEDIA_DIR, 'video', video.stream);
    expect(readFileSync(manifest, 'utf8')).toContain('contentType="audio"');
    expect(existsSync(`${manifest}.br`)).toBe(true);
    expect(existsSync(join(SHARED_MEDIA_DIR, 'img', video.thumbnails.url))).toBe(true);
    const segment = await app().inject({ method: 'GET', url: `/media/video/${video.stream.replace('manifest.mpd', 'init-0.m4s')}` });
    expect(segment.statusCode).toBe(200);
    // The source goes once transcoded; the work is listed for everyone.
    await expect.poll(() => existsSync(join(tusDir, id)), { timeout: 5_000 }).toBe(false);
    expect((await homeList()).map((v) => v.id)).toContain(work.videoId);
    // Plays are written once a second.
    await expect.poll(async () => (await mine(m.token)).data.list[0]!.views, { timeout: 5_000 }).toBeGreaterThan(0);

    // Running the job again changes nothing: no second video, no second clip.
    const before = await db().selectFrom('videos').select('id').where('owner_id', '=', m.id).execute();
    await workTranscodeHandler(app().ctx, ffmpeg).run({
      id: '0',
      kind: TRANSCODE_JOB,
      payload: { workId: work.id },
      attempt: 2,
      maxAttempts: 3,
      signal: new AbortController().signal,
      progress: () => undefined,
    });
    expect(await db().selectFrom('videos').select('id').where('owner_id', '=', m.id).execute()).toEqual(before);
    const job = () => app().ctx.queue.find(TRANSCODE_JOB, transcodeKey(work.id));
    await expect.poll(job, { timeout: 5_000 }).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('makes the renditions a 640x360 source fills and no more', async () => {
    const m = await member();
    const posted = await post(m.token, { uploadId: await upload(m.token, await makeVideo('360.mp4', '640x360', 2, { audio: false })), title: '360' });
    const work = await settled(m.token, posted.data.id);
    const video = (await detail(work.videoId!, m.token)).data;
    expect(video.renditions.map((r) => [r.label, sizeOf(r)])).toEqual([['360p', '640x360']]);
    // No audio in, no audio out.
    expect(readFileSync(join(SHARED_MEDIA_DIR, 'video', video.stream), 'utf8')).not.toContain('contentType="audio"');
  });

  it('fails a file that is not a video, an empty one and one without pictures, each with its reason and nothing left behind', async () => {
    const m = await member();
    const text = await upload(m.token, Buffer.from('<html>not a video at all</html>\n'.repeat(50)));
    const empty = await upload(m.token, Buffer.alloc(0));
    const audio = await upload(m.token, await makeVideo('audio.mp4', '', 1, { audioOnly: true }));
    const works = await Promise.all([
      post(m.token, { uploadId: text, title: 'movie.mp4' }),
      post(m.token, { uploadId: empty, title: 'empty' }),
      post(m.token, { uploadId: audio, title: 'audio' }),
    ]);
    const settledWorks = await Promise.all(works.map((w) => settled(m.token, w.data.id)));
    expect(settledWorks.map((w) => [w.state, w.failReason, w.videoId])).toEqual([
      ['failed', 'not-video', null],
      ['failed', 'empty', null],
      ['failed', 'no-video-stream', null],
    ]);
    for (const id of [text, empty, audio]) expect(existsSync(join(tusDir, id))).toBe(false);
    const jobs = async () =>
      (await Promise.all(settledWorks.map((w) => app().ctx.queue.find(TRANSCODE_JOB, transcodeKey(w.id))))).map(
        (j) => j && { state: j.state, attempts: j.attempts },
      );
    // Bad input is not retried.
    await expect.poll(jobs, { timeout: 5_000 }).toEqual(settledWorks.map(() => ({ state: 'failed', attempts: 1 })));
  });

  it('lets only the author edit, show or hide a work and its collections; text stays plain', async () => {
    const author = await member('au');
    const other = await member('ot');
    const collection = await call<WorkCollection>(app(), WORKS_API.collectCreate, { token: author.token, body: { name: '  旅行合集  ' } });
    expect(collection.data).toMatchObject({ name: '旅行合集', workCount: 0 });
    const theirs = await call<WorkCollection>(app(), WORKS_API.collectCreate, { token: other.token, body: { name: '别人的' } });
    const script = '<script>alert(1)</script>';
    const id = await upload(author.token, await makeVideo('edit.mp4', '320x180', 1));
    // Another member's upload, or collection, cannot be used.
    expect((await post(other.token, { uploadId: id, title: 'mine now' })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await post(author.token, { uploadId: id, title: 't', collectionId: theirs.data.id })).envelope).toMatchObject({
      code: CODES.BAD_REQUEST,
      tip: '合集不存在，请重新选择',
    });
    expect((await post(author.token, { uploadId: id, title: 't', tagIds: [999999] })).envelope.tip).toBe('标签不存在，请重新选择');
    expect((await post(author.token, { uploadId: id, title: 't', categoryId: 999 })).envelope.tip).toBe('分类不存在，请重新选择');
    expect((await post(author.token, { uploadId: id, title: '   ' })).envelope.tip).toBe('请输入标题');
    expect((await post(author.token, { uploadId: id, title: '长'.repeat(41) })).envelope.tip).toBe('标题不能超过40字');
    expect((await post(author.token, { uploadId: id, title: 't', unknown: 1 })).envelope.code).toBe(CODES.BAD_REQUEST);
    const posted = await post(author.token, { uploadId: id, title: script, description: `<img src=x onerror=alert(1)>`, collectionId: collection.data.id });
    expect(posted.data).toMatchObject({ title: script, description: '<img src=x onerror=alert(1)>', collection: { id: collection.data.id, name: '旅行合集' } });
    const work = await settled(author.token, posted.data.id);
    expect((await detail(work.videoId!)).data.title).toBe(script);

    // Cross-member attempts answer "not found" and change nothing.
    const modify = (token: string, body: Record<string, unknown>) => call<MyWork>(app(), WORKS_API.modifyMedia, { token, body: { id: work.id, ...body } });
    expect((await modify(other.token, { title: 'hijacked' })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await call(app(), WORKS_API.modifyShow, { token: other.token, body: { id: work.id, isPublic: false } })).envelope.code).toBe(CODES.NOT_FOUND);
    const rename = (token: string, cid: number) => call<WorkCollection>(app(), WORKS_API.collectModify, { token, body: { id: cid, name: '改名' } });
    expect((await rename(other.token, collection.data.id)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await workOf(author.token, work.id)).title).toBe(script);

    // The author edits: the video page follows at once.
    const edited = await modify(author.token, { title: '新标题', description: '', tagIds: [], collectionId: null });
    expect(edited.data).toMatchObject({ title: '新标题', description: '', tags: [], collection: null });
    expect((await detail(work.videoId!)).data).toMatchObject({ title: '新标题', tagList: [] });
    expect((await rename(author.token, collection.data.id)).data).toMatchObject({ name: '改名', workCount: 0 });
    const list = (await call<Page<WorkCollection>>(app(), WORKS_API.collect, { token: author.token, body: { page: 1, pageSize: 10 } })).data;
    expect(list.list.map((c) => c.name)).toEqual(['改名']);

    // Private: listed nowhere and opened by its author only.
    const hidden = await call<MyWork>(app(), WORKS_API.modifyShow, { token: author.token, body: { id: work.id, isPublic: false } });
    expect(hidden.data).toMatchObject({ isPublic: false, state: 'ready' });
    expect((await homeList()).map((v) => v.id)).not.toContain(work.videoId);
    expect((await detail(work.videoId!)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await detail(work.videoId!, other.token)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await detail(work.videoId!, author.token)).envelope.code).toBe(200);
    await call(app(), WORKS_API.modifyShow, { token: author.token, body: { id: work.id, isPublic: true } });
    expect((await detail(work.videoId!)).envelope.code).toBe(200);
    // Guests have no works calls at all.
    const guest = await newGuest(app());
    expect((await mine(guest.token)).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('holds a new work as pending when the deployment holds new posts: transcoded, yet listed nowhere', async () => {
    const m = await member();
    const config = app().ctx.config;
    config.holdNewPosts = true;
    try {
      const posted = await post(m.token, { uploadId: await upload(m.token, await makeVideo('held.mp4', '320x180', 1)), title: 'held' });
      const work = await settled(m.token, posted.data.id);
      expect(work).toMatchObject({ state: 'pending', progress: 100 });
      expect((await homeList()).map((v) => v.id)).not.toContain(work.videoId);
      expect((await detail(work.videoId!)).envelope.code).toBe(CODES.NOT_FOUND);
      expect((await detail(work.videoId!, m.token)).envelope.code).toBe(200);
    } finally {
      config.holdNewPosts = false;
    }
  });

  it('keeps a work posted as private to its author once ready, until they make it public', async () => {
    const m = await member();
    const posted = await post(m.token, { uploadId: await upload(m.token, await makeVideo('mine-only.mp4', '320x180', 1)), title: 'only me', isPublic: false });
    expect(posted.data).toMatchObject({ isPublic: false, state: 'processing' });
    const work = await settled(m.token, posted.data.id);
    expect(work).toMatchObject({ state: 'ready', isPublic: false });
    expect((await homeList()).map((v) => v.id)).not.toContain(work.videoId);
    expect((await detail(work.videoId!)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await detail(work.videoId!, m.token)).envelope.code).toBe(200);
    await call(app(), WORKS_API.modifyShow, { token: m.token, body: { id: work.id, isPublic: true } });
    expect((await homeList()).map((v) => v.id)).toContain(work.videoId);
  });

  it('sweeps abandoned uploads and their files', async () => {
    const m = await member();
    const t = await ticket(m.token);
    const created = await tus(app(), 'POST', TUS_PATH, t, { 'upload-length': '100' });
    const id = idOf(created.headers.location as string);
    expect(existsSync(join(tusDir, id))).toBe(true);
    expect(await sweepWorks(app().ctx)).toBe(0);
    expect(await sweepWorks(app().ctx, new Date(Date.now() + UNFINISHED_UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(tusDir, id))).toBe(false);
    expect(await db().selectFrom('video_uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('queue: retries a failing job with a delay, fails bad input at once, keeps one live job per key', async () => {
    // A second queue on the app's store: the jobs table on PGlite, pg-boss on PostgreSQL.
    const queue = storeQueue(app().ctx.queue.store, { pollMs: 20, leaseMs: 2_000, backoffMs: () => 50, log: () => undefined });
    const runs: string[] = [];
    const failed: string[] = [];
    queue.handle<{ name: string }>('test.flaky', {
      async run(job) {
        runs.push(`${job.payload.name}#${job.attempt}`);
        job.progress(50);
        if (job.payload.name === 'bad') throw new PermanentJobError('bad input');
        if (job.attempt < 2) throw new Error('transient');
      },
      async failed(job, error) {
        failed.push(`${job.payload.name}: ${error.message}`);
      },
    });
    const first = await queue.enqueue('test.flaky', { name: 'ok' }, { dedupeKey: `test:${backend.name}` });
    const again = await queue.enqueue('test.flaky', { name: 'ok' }, { dedupeKey: `test:${backend.name}` });
    expect(again).toEqual({ id: first.id, created: false });
    const bad = await queue.enqueue('test.flaky', { name: 'bad' });
    queue.start();
    try {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const [a, b] = await Promise.all([queue.get(first.id), queue.get(bad.id)]);
        if (a?.state === 'done' && b?.state === 'failed') break;
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(await queue.get(first.id)).toMatchObject({ state: 'done', attempts: 2, progress: 100, lastError: null });
      expect(await queue.get(bad.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'bad input' });
      expect(runs.sort()).toEqual(['bad#1', 'ok#1', 'ok#2']);
      expect(failed).toEqual(['bad: bad input']);
      // Finished, the key is free again.
      expect((await queue.enqueue('test.flaky', { name: 'later' }, { dedupeKey: `test:${backend.name}`, delayMs: 60_000 })).created).toBe(true);
    } finally {
      await queue.stop();
    }
  });
});

describe.each(BACKENDS)('two workers on one queue on $name', (backend: Backend) => {
  const server = suiteServer(() => ({ backend, env: { MD_JOB_WORKERS: '0' } }));

  it('run each job once, however they race for it', async () => {
    const store = server.app.ctx.queue.store;
    const options = { pollMs: 10, leaseMs: 5_000, log: () => undefined };
    // Two queues, as two machines would have: each claims for itself.
    const workers: JobQueue[] = [storeQueue(store, { ...options, workerId: 'one' }), storeQueue(store, { ...options, workerId: 'two' })];
    const runs = new Map<string, string[]>();
    for (const [i, worker] of workers.entries()) {
      worker.handle<{ n: number }>('test.once', {
        async run(job) {
          runs.set(job.id, [...(runs.get(job.id) ?? []), `${i}`]);
          // Long enough for the other worker to look at the job while it runs.
          await new Promise((r) => setTimeout(r, 20));
        },
      });
    }
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push((await workers[n % 2]!.enqueue('test.once', { n })).id);
    for (const worker of workers) worker.start({ concurrency: 3 });
    try {
      await expect
        .poll(async () => (await Promise.all(ids.map((id) => store.get(id)))).filter((j) => j?.state === 'done').length, { timeout: 30_000 })
        .toBe(30);
      expect([...runs.keys()].sort()).toEqual([...ids].sort());
      for (const id of ids) expect(runs.get(id)).toHaveLength(1);
      for (const id of ids) expect(await store.get(id)).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });

  it('keep one live job per dedupe key when two enqueue it at once', async () => {
    const queue = server.app.ctx.queue;
    const key = `test.same:${backend.name}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => queue.enqueue('test.same', {}, { dedupeKey: key })));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await queue.find('test.same', key)).toMatchObject({ id: answers[0]!.id, state: 'queued', attempts: 0 });
  });
});

describe.each(BACKENDS)('queued jobs in a backup on $name', (backend: Backend) => {
  const server = suiteServer(() => ({ backend, env: { MD_JOB_WORKERS: '0' } }));

  it('travel as rows of jobs, which PostgreSQL queues again in pg-boss when its queue opens', async () => {
    const { ctx } = server.app;
    const key = `test.carried:${backend.name}`;
    const queued = await ctx.queue.enqueue('test.carried', { n: 1 }, { dedupeKey: key, delayMs: 3_600_000 });
    const repo = backupRepository(ctx.database.db);
    const dumped = await repo.snapshot(async (trx) => {
      const lines: string[] = [];
      for await (const batch of repo.rows(trx, 'jobs')) lines.push(...batch);
      return lines.map((line) => JSON.parse(line) as { id: number; kind: string; payload: unknown; dedupe_key: string; state: string });
    });
    const carried = dumped.filter((row) => row.dedupe_key === key);
    expect(carried).toMatchObject([{ kind: 'test.carried', payload: { n: 1 }, state: 'queued' }]);
    if (ctx.database.kind !== 'postgres') return;
    // As a restore leaves it: the row in jobs, pg-boss without the job.
    await sql`DELETE FROM pgboss.job WHERE id = ${queued.id}::uuid`.execute(ctx.database.db);
    await sql`INSERT INTO jobs (id, kind, payload, dedupe_key) VALUES (${carried[0]!.id}, 'test.carried', ${JSON.stringify({ n: 1 })}::jsonb, ${key})`.execute(
      ctx.database.db,
    );
    const store = await openBossStore(ctx.database.db, { connectionString: ctx.config.databaseUrl!, leaseMs: 60_000, log: () => undefined });
    try {
      expect(await store.find('test.carried', key)).toMatchObject({ state: 'queued', payload: { n: 1 }, attempts: 0 });
      expect(await ctx.database.db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).execute()).toEqual([]);
    } finally {
      await store.close?.();
    }
  });
});

describe.each(BACKENDS)('a transcode surviving a restart on $name', (backend: Backend) => {
  const dataDir = mkdtempSync(join(scratch, 'data-'));
  const tusDir = mkdtempSync(join(scratch, 'tus-'));
  let database: { url: string | null; drop(): Promise<void> };
  afterAll(() => database?.drop());

  /** A server on the suite's one database (a PGlite folder, or one PostgreSQL database). */
  async function start(env: Record<string, string> = {}) {
    database ??= await backend.create();
    const config = loadConfig({
      DATA_DIR: dataDir,
      MEDIA_DIR: SHARED_MEDIA_DIR,
      STATIC_DIR: join(tmpdir(), 'md-test-no-static'),
      TUS_DIR: tusDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    const app = await createServer(config);
    await prepare(app, { encodeClips: false });
    return app;
  }

  async function postWork(app: FastifyInstance, video: Buffer) {
    const m = await signUpMember(app, 'rs');
    const t = (await call<UploadTicket>(app, WORKS_API.uploadMedia, { token: m.token, body: {} })).data.ticket;
    const created = await tus(app, 'POST', TUS_PATH, t, { 'upload-length': String(video.length) });
    const id = idOf(created.headers.location as string);
    await tus(app, 'PATCH', `${TUS_PATH}/${id}`, t, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, video);
    const posted = await call<MyWork>(app, WORKS_API.post, { token: m.token, body: { uploadId: id, title: 'restart', categoryId: 101 } });
    expect(posted.envelope.code).toBe(200);
    return { m, work: posted.data };
  }

  async function waitReady(app: FastifyInstance, token: string, id: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const page = (await call<Page<MyWork>>(app, WORKS_API.media, { token, body: { page: 1, pageSize: 10 } })).data;
      const work = page.list.find((w) => w.id === id)!;
      if (work.state !== 'processing' || Date.now() > until) return work;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const jobOf = async (app: FastifyInstance, workId: number) => {
    const job = await app.ctx.queue.find(TRANSCODE_JOB, transcodeKey(workId));
    if (!job) throw new Error(`no job for work ${workId}`);
    return job;
  };

  it('is claimed again once the lease of a worker that died runs out, and finishes', async () => {
    // An instance that runs no workers takes the upload and queues the job. A short lease: on
    // PostgreSQL pg-boss looks for expired jobs every half lease.
    const first = await start({ MD_JOB_WORKERS: '0', MD_JOB_LEASE_SECONDS: '2' });
    const { m, work } = await postWork(first, await makeVideo('restart-a.mp4', '320x180', 1));
    // A worker claims it and dies at once: its lease is all that is left.
    const claimed = await first.ctx.queue.store.claim([TRANSCODE_JOB], 'dead-worker', 1);
    expect(claimed).toMatchObject({ attempts: 1 });
    expect(await jobOf(first, work.id)).toMatchObject({ state: 'running', lockedBy: 'dead-worker' });
    await first.close();

    const second = await start({ MD_JOB_LEASE_SECONDS: '2' });
    try {
      const done = await waitReady(second, m.token, work.id);
      expect(done).toMatchObject({ state: 'ready', progress: 100 });
      // The job is closed just after the work turns ready.
      await expect.poll(() => jobOf(second, work.id), { timeout: 5_000 }).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
    } finally {
      await second.close();
    }
  });

  it('is handed back when the server closes mid-job and finished by the next one', async () => {
    const first = await start();
    const { m, work } = await postWork(first, await makeVideo('restart-b.mp4', '1280x720', 12));
    // Wait until the transcode is under way.
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const job = await jobOf(first, work.id);
      if (job.state === 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await jobOf(first, work.id)).state).toBe('running');
    await new Promise((r) => setTimeout(r, 300));
    await first.close();

    const second = await start();
    try {
      expect((await jobOf(second, work.id)).attempts).toBeLessThanOrEqual(1);
      const done = await waitReady(second, m.token, work.id);
      expect(done).toMatchObject({ state: 'ready', progress: 100 });
      const video = (await call<VideoDetail>(second, API.videoDetail, { token: m.token, body: { id: done.videoId! } })).data;
      expect(video.renditions.map((r) => [r.label, sizeOf(r)])).toEqual([
        ['360p', '640x360'],
        ['720p', '1280x720'],
      ]);
      await expect.poll(() => jobOf(second, work.id), { timeout: 5_000 }).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      await second.close();
    }
  }, 120_000);
});
