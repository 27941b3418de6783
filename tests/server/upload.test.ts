import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, type LoginResult, type UploadResult } from '../../protocol/api.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { signedHeaders } from '../../protocol/signing.ts';
import { localDay } from '../../server/jobs/local-day.ts';
import { UPLOAD_LIMITS, uploadCounterKeys } from '../../server/routes/upload/upload-routes.ts';
import { BACKENDS, KEYS, SHARED_MEDIA_DIR, UA, call, devId, multipartBody, startServer, type TestServer, suiteServer, newGuest } from './helpers.ts';

type Files = Parameters<typeof multipartBody>[0];

const solid = (width: number, height: number, v: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: v, g: v, b: v } } })
    .png()
    .toBuffer();
const png = await solid(32, 18, 200);
const tiny = await solid(1, 1, 90);
const script = '<script>alert(1)</script>';
const one = (bytes: Uint8Array, name = 'a.png') => [{ name, type: 'image/png', bytes }];

/** A real three-frame 8x6 GIF. */
async function animatedGif(): Promise<Buffer> {
  const [w, h, frames] = [8, 6, 3];
  const pixels = Buffer.alloc(w * h * frames * 4);
  for (let i = 0; i < w * h * frames; i++) pixels.set([Math.floor(i / (w * h)) * 100, 60, 200, 255], i * 4);
  return sharp(pixels, { raw: { width: w, height: h * frames, channels: 4, pageHeight: h } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}

/** A 40x20 JPEG that says it is rotated (EXIF orientation 6) and carries a marker in EXIF and an ICC profile. */
const exifJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'md-secret-exif' } })
    .toBuffer();

/** A tiny PNG whose header claims 10000x10000 pixels: refused before anything is decoded. */
function hugeCanvasPng(): Buffer {
  const bytes = Buffer.from(tiny);
  bytes.writeUInt32BE(10_000, 16);
  bytes.writeUInt32BE(10_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const readStored = (path: string) => Buffer.from(unmaskImage(readFileSync(join(SHARED_MEDIA_DIR, 'img', path)), KEYS.MD_IMAGE_KEY));
const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

describe.each(BACKENDS)('uploads on $name', (backend) => {
  const server = suiteServer({ backend });
  let token: string;
  // A member of its own per test: the rate limit counts every upload of a caller.
  beforeEach(async () => {
    token = await newMember();
  });

  async function newMember(): Promise<string> {
    const account = `up_${devId().slice(0, 8)}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    return (await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' } })).data.token;
  }

  const upload = <T>(path: string, files: Files, options: { token?: string; query?: string } = {}) => {
    const { body, contentType } = multipartBody(files);
    return call<T>(server.app, `${path}${options.query ?? '?purpose=post'}`, { rawBody: body, contentType, multipart: true, token: options.token ?? token });
  };
  const raw = (body: string | Buffer, contentType: string, who = token) =>
    call(server.app, `${API.uploadImg}?purpose=post`, { rawBody: body, contentType, multipart: true, token: who });

  it('stores one image re-encoded as WebP, masked, with its size and purpose', async () => {
    const { envelope, data } = await upload<UploadResult>(API.uploadImg, one(png));
    expect(envelope.code).toBe(200);
    expect(data).toMatchObject({ width: 32, height: 18, type: 'image/webp' });
    expect(data.path).toMatch(/^uploads\/[0-9a-f]{24}\.webp$/);
    const masked = readFileSync(join(SHARED_MEDIA_DIR, 'img', data.path));
    expect(detectImageType(masked)).toBeNull();
    const stored = readStored(data.path);
    expect(detectImageType(stored)).toBe('image/webp');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 32, height: 18 });
    const served = await server.app.inject({ method: 'GET', url: `/media/img/${data.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(unmaskImage(served.rawPayload, KEYS.MD_IMAGE_KEY))).toEqual(stored);
    const row = await server.app.ctx.database.db.selectFrom('uploads').selectAll().where('path', '=', data.path).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'image/webp', width: 32, height: 18, size: stored.length, purpose: 'post', referenced: false });
  });

  it('takes up to nine images of any accepted type, whatever their declared type and name', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const { data } = await upload<{ list: UploadResult[] }>(API.uploadImages, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'b.gif', type: 'image/gif', bytes: await animatedGif() },
      { name: 'c.jpg', type: 'image/jpeg', bytes: png },
    ]);
    expect(data.list.map((r) => [r.type, r.width, r.height])).toEqual([
      ['image/webp', 300, 200],
      ['image/webp', 8, 6],
      ['image/webp', 32, 18],
    ]);
    expect(data.list.every((r) => r.path.endsWith('.webp'))).toBe(true);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: tiny }));
    const tooMany = await upload(API.uploadImages, ten);
    expect(tooMany.envelope).toMatchObject({ code: 1005, tip: '最多上传9张图片' });
  });

  it('stores a GIF with a script appended as a clean animated WebP', async () => {
    const polyglot = Buffer.concat([await animatedGif(), Buffer.from(script)]);
    const { envelope, data } = await upload<UploadResult>(API.uploadImg, [{ name: 'x.gif', type: 'image/gif', bytes: polyglot }]);
    expect(envelope.code).toBe(200);
    expect(data).toMatchObject({ type: 'image/webp', width: 8, height: 6 });
    const stored = readStored(data.path);
    expect(isWebp(stored)).toBe(true);
    expect(stored.includes(script)).toBe(false);
    expect(stored.includes('GIF89a')).toBe(false);
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 3, pageHeight: 6, width: 8 });
  });

  it('turns a photo upright and strips its EXIF and ICC profile', async () => {
    const jpeg = await exifJpeg();
    expect(jpeg.includes('md-secret-exif')).toBe(true);
    const { data } = await upload<UploadResult>(API.uploadImg, [{ name: 'p.jpg', type: 'image/jpeg', bytes: jpeg }]);
    expect(data).toMatchObject({ width: 20, height: 40 });
    const stored = readStored(data.path);
    expect(stored.includes('md-secret-exif')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });

  it('rejects a text file disguised as .png, an SVG, a huge canvas, a truncated image and a request without a file', async () => {
    const fake = await upload(API.uploadImg, one(Buffer.from('<?php echo 1; ?>'), 'evil.png'));
    expect(fake.res.statusCode).toBe(200);
    expect(fake.envelope).toMatchObject({ code: 1005, tip: '文件不是有效的图片: evil.png' });
    const svg = await upload(API.uploadImg, one(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), 's.png'));
    expect(svg.envelope).toMatchObject({ code: 1005, tip: '文件不是有效的图片: s.png' });
    const huge = await upload(API.uploadImg, one(hugeCanvasPng(), 'huge.png'));
    expect(huge.envelope).toMatchObject({ code: 1005, tip: '图片尺寸过大: huge.png' });
    const truncated = await upload(API.uploadImg, one(png.subarray(0, 40), 't.png'));
    expect(truncated.envelope).toMatchObject({ code: 1005, tip: '文件不是有效的图片: t.png' });
    const none = await upload(API.uploadImg, [{ name: 'x.png', type: 'image/png', bytes: png, field: 'other' }]);
    expect(none.envelope).toMatchObject({ code: 1005, tip: '参数错误: file' });
    const json = await call(server.app, `${API.uploadImg}?purpose=post`, { body: { file: 'x' }, token });
    expect(json.envelope.code).toBe(1005);
  });

  it('answers 1005 with HTTP 200, never a 500, for broken multipart', async () => {
    const { body, contentType } = multipartBody(one(png));
    const boundary = contentType.split('boundary=')[1]!;
    const cases: [string, string | Buffer, string][] = [
      ['cut off in the part headers', body.subarray(0, 60), contentType],
      ['cut off inside the file', body.subarray(0, body.indexOf(png) + Math.floor(png.length / 2)), contentType],
      ['no closing boundary', body.subarray(0, body.length - boundary.length - 6), contentType],
      ['no boundary parameter', body, 'multipart/form-data'],
      ['another boundary', body, 'multipart/form-data; boundary=somethingelse'],
      ['malformed part header', `--${boundary}\r\nContent-Disposition form-data name\r\n\r\nxx\r\n--${boundary}--\r\n`, contentType],
      ['header never ends', `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"`, contentType],
      ['empty body', '', contentType],
    ];
    for (const [name, payload, type] of cases) {
      const { res, envelope } = await raw(payload, type);
      expect([name, res.statusCode, envelope.code]).toEqual([name, 200, 1005]);
    }
    const text = await call(server.app, `${API.uploadImg}?purpose=post`, { rawBody: 'hello', contentType: 'text/plain', token });
    expect([text.res.statusCode, text.envelope.code]).toEqual([200, 1005]);
    // The server is still fine afterwards.
    expect((await upload(API.uploadImg, one(tiny))).envelope.code).toBe(200);
  });

  it('rejects a file over 5 MiB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { res, envelope } = await upload(API.uploadImg, one(big, 'big.png'));
    expect(res.statusCode).toBe(200);
    expect(envelope).toMatchObject({ code: 1005, tip: '请求体过大' });
  });

  it('needs a known purpose in the query string (and takes a well-formed requestId)', async () => {
    for (const query of ['', '?purpose=banner', '?purpose=post&extra=1', '?purpose=post&requestId=x']) {
      const { res, envelope } = await upload(API.uploadImg, one(tiny), { query });
      expect([query, res.statusCode, envelope.code]).toEqual([query, 200, 1005]);
    }
    const withId = await upload(API.uploadImg, one(tiny), { query: '?purpose=avatar&requestId=upload-0001' });
    expect(withId.envelope.code).toBe(200);
  });

  it('lets guests upload feedback images only', async () => {
    const guest = (await newGuest(server.app)).token;
    const refused = await upload(API.uploadImg, one(tiny), { token: guest, query: '?purpose=post' });
    expect(refused.envelope).toEqual({ code: 1007, tip: '游客不能上传此类图片，请先登录', data: null, hash: false });
    const many = await upload(API.uploadImages, one(tiny), { token: guest, query: '?purpose=avatar' });
    expect(many.envelope.code).toBe(1007);
    const allowed = await upload(API.uploadImg, one(tiny), { token: guest, query: '?purpose=feedback' });
    expect(allowed.envelope.code).toBe(200);
  });

  it('gives a guest its daily files; failed uploads do not count', async () => {
    const guest = (await newGuest(server.app)).token;
    const feedback = (files: Files) => upload(API.uploadImg, files, { token: guest, query: '?purpose=feedback' });
    expect((await feedback(one(Buffer.from('not an image')))).envelope.code).toBe(1005);
    for (let i = 0; i < UPLOAD_LIMITS.guest.filesPerDay; i++) expect((await feedback(one(tiny))).envelope.code).toBe(200);
    const over = await feedback(one(tiny));
    expect(over.res.statusCode).toBe(200);
    expect(over.envelope).toMatchObject({ code: 1008, tip: '今日上传额度已用完' });
  });

  it('counts a guest quota exactly under concurrent uploads', async () => {
    const { token: guest, userInfo } = await newGuest(server.app);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.guest.filesPerDay * 2 }, () => upload(API.uploadImg, one(tiny), { token: guest, query: '?purpose=feedback' })),
    );
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(UPLOAD_LIMITS.guest.filesPerDay);
    expect(codes.filter((c) => c === 1008)).toHaveLength(UPLOAD_LIMITS.guest.filesPerDay);
    const keys = uploadCounterKeys(userInfo.id, localDay(new Date(), server.app.ctx.config.timeZone));
    expect(await server.app.ctx.stores.counter.count(keys.files)).toBe(UPLOAD_LIMITS.guest.filesPerDay);
    const rows = await server.app.ctx.database.db.selectFrom('uploads').select('path').where('user_id', '=', userInfo.id).execute();
    expect(rows).toHaveLength(UPLOAD_LIMITS.guest.filesPerDay);
  });

  it('limits the bytes a guest uploads a day, counting the files only', async () => {
    const { token: guest, userInfo } = await newGuest(server.app);
    // Noise does not compress: each of these PNGs is a little over 3 MiB.
    const pixels = Uint8Array.from({ length: 1100 * 1000 * 3 }, () => Math.floor(Math.random() * 256));
    const noise = await sharp(pixels, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    expect((await upload(API.uploadImg, one(noise), { token: guest, query: '?purpose=feedback' })).envelope.code).toBe(200);
    const over = await upload(API.uploadImg, one(noise), { token: guest, query: '?purpose=feedback' });
    expect(over.envelope).toMatchObject({ code: 1008, tip: '今日上传额度已用完' });
    // The refused request gave its bytes back: a small file still fits.
    expect((await upload(API.uploadImg, one(tiny), { token: guest, query: '?purpose=feedback' })).envelope.code).toBe(200);
    const keys = uploadCounterKeys(userInfo.id, localDay(new Date(), server.app.ctx.config.timeZone));
    expect(await server.app.ctx.stores.counter.count(keys.bytes)).toBe(noise.length + tiny.length);
  });

  it('limits the rate of a member and its daily files', async () => {
    const fresh = await newMember();
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: tiny }));
    for (let i = 0; i < 3; i++) expect((await upload(API.uploadImages, nine, { token: fresh })).envelope.code).toBe(200);
    for (let i = 27; i < UPLOAD_LIMITS.member.filesPerWindow; i++) expect((await upload(API.uploadImg, one(tiny), { token: fresh })).envelope.code).toBe(200);
    const tooFast = await upload(API.uploadImg, one(tiny), { token: fresh });
    expect(tooFast.envelope).toMatchObject({ code: 1008, tip: '上传过于频繁，请稍后再试' });

    const other = await newMember();
    const user = (await call<{ id: number }>(server.app, API.userInfo, { token: other })).data;
    const keys = uploadCounterKeys(user.id, localDay(new Date(), server.app.ctx.config.timeZone));
    await server.app.ctx.stores.counter.hit(keys.files, 86_400_000, UPLOAD_LIMITS.member.filesPerDay - 1);
    const two = await upload(API.uploadImages, nine.slice(0, 2), { token: other });
    expect(two.envelope).toMatchObject({ code: 1008, tip: '今日上传额度已用完' });
    expect(await server.app.ctx.stores.counter.count(keys.files)).toBe(UPLOAD_LIMITS.member.filesPerDay - 1);
    expect((await upload(API.uploadImg, one(tiny), { token: other })).envelope.code).toBe(200);
  });

  it('needs a session (1000) and a multipart signature (1002 when the body hash is used)', async () => {
    const anonymous = await call(server.app, `${API.uploadImg}?purpose=post`, { ...multipartRequest(one(png)), multipart: true });
    expect(anonymous.envelope.code).toBe(1000);
    const hashed = await call(server.app, `${API.uploadImg}?purpose=post`, { ...multipartRequest(one(png)), token });
    expect(hashed.res.statusCode).toBe(401);
    expect(hashed.envelope.code).toBe(1002);
  });
});

function multipartRequest(files: Files) {
  const { body, contentType } = multipartBody(files);
  return { rawBody: body, contentType };
}

describe('a refused upload on a real connection', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Long enough that only the server discarding the unread body frees the connection in time.
    server = await startServer({ backend: BACKENDS[0]!, env: { HTTP_KEEPALIVE_TIMEOUT_MS: '120000', HTTP_REQUEST_TIMEOUT_MS: '120000' } });
  });
  afterAll(() => server.close());

  it('answers before the body is read and frees the connection for the next request', async () => {
    const account = `rc_${devId().slice(0, 8)}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    const token = (await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' } })).data.token;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // Far more than socket buffers hold: refused after the first file, the rest is still on its way.
    const noise = Uint8Array.from({ length: 2 * 1024 * 1024 }, () => Math.floor(Math.random() * 256));
    const send = (files: Files) => {
      const { body, contentType } = multipartBody(files);
      const path = `${API.uploadImg}?purpose=post`;
      const headers = signedHeaders({
        appSecret: KEYS.MD_APP_SECRET,
        signingKey: KEYS.MD_SIGNING_KEY,
        method: 'POST',
        pathWithQuery: path,
        token,
        ua: UA,
        now: Date.now(),
        body: '',
        multipart: true,
      });
      return new Promise<number>((resolve, reject) => {
        const req = request(
          { port, path, method: 'POST', agent, headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) } },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve((JSON.parse(text) as { code: number }).code));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    try {
      expect(await send([tiny, noise, noise].map((bytes, i) => ({ name: `${i}.png`, type: 'image/png', bytes })))).toBe(1005);
      // One socket only: the next request waits until the first one's body is fully sent.
      const started = Date.now();
      expect(await send(one(tiny))).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      agent.destroy();
    }
  });
});

// Counters shared by instances: the concurrent quota holds in memory and, when REDIS_URL is set, on Redis.
const counterStores: [string, Record<string, string>][] = [['memory', {}]];
if (process.env.REDIS_URL) counterStores.push(['Redis', { REDIS_URL: process.env.REDIS_URL }]);

describe.each(counterStores)('upload quota with %s counters', (_name, env) => {
  const server = suiteServer({ backend: BACKENDS[0]!, env });

  it('counts a guest quota exactly under concurrent uploads', async () => {
    const { token, userInfo } = await newGuest(server.app);
    // User ids restart with each test database while Redis keeps its keys.
    const keys = uploadCounterKeys(userInfo.id, localDay(new Date(), server.app.ctx.config.timeZone));
    await Promise.all(Object.values(keys).map((k) => server.app.ctx.stores.counter.clear(k)));
    const { body, contentType } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: tiny }]);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMITS.guest.filesPerDay * 2 }, () =>
        call(server.app, `${API.uploadImg}?purpose=feedback`, { rawBody: body, contentType, multipart: true, token }),
      ),
    );
    expect(answers.filter((a) => a.envelope.code === 200)).toHaveLength(UPLOAD_LIMITS.guest.filesPerDay);
    expect(await server.app.ctx.stores.counter.count(keys.files)).toBe(UPLOAD_LIMITS.guest.filesPerDay);
  });
});
