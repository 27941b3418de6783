import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type LoginResult, type UploadResult } from '../../protocol/api.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { encodePng } from '../../server/media/png.ts';
import { BACKENDS, KEYS, SHARED_MEDIA_DIR, call, devId, multipartBody, startServer, type TestServer } from './helpers.ts';

const png = encodePng(32, 18, new Uint8Array(32 * 18 * 3).fill(200));
// A JPEG header with a baseline SOF0 frame of 300x200, after an APP0 segment.
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x2c, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  0xff, 0xd9,
]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00, 0, 0, 0]), Buffer.alloc(20)]);

describe.each(BACKENDS)('uploads on $name', (backend) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ backend });
    token = (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data.token;
  });
  afterAll(() => server.close());

  const upload = <T>(path: string, files: Parameters<typeof multipartBody>[0], withToken = true) => {
    const { body, contentType } = multipartBody(files);
    return call<T>(server.app, path, { rawBody: body, contentType, multipart: true, token: withToken ? token : undefined });
  };

  it('stores one image masked and reports its real type and size', async () => {
    const { envelope, data } = await upload<UploadResult>(API.uploadImg, [{ name: 'a.png', type: 'image/png', bytes: png }]);
    expect(envelope.code).toBe(200);
    expect(data).toMatchObject({ width: 32, height: 18, type: 'image/png' });
    expect(data.path).toMatch(/^uploads\/[0-9a-f]{24}\.png$/);
    const stored = readFileSync(join(SHARED_MEDIA_DIR, 'img', data.path));
    expect(detectImageType(stored)).toBeNull();
    expect(Buffer.from(unmaskImage(stored, KEYS.MD_IMAGE_KEY))).toEqual(png);
    const served = await server.app.inject({ method: 'GET', url: `/media/img/${data.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(unmaskImage(served.rawPayload, KEYS.MD_IMAGE_KEY))).toEqual(png);
  });

  it('takes up to nine images and reads JPEG and GIF sizes', async () => {
    const { data } = await upload<{ list: UploadResult[] }>(API.uploadImages, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'b.gif', type: 'image/gif', bytes: gif },
      // The declared type and name are ignored: the bytes decide.
      { name: 'c.jpg', type: 'image/jpeg', bytes: png },
    ]);
    expect(data.list.map((r) => [r.type, r.width, r.height])).toEqual([
      ['image/jpeg', 300, 200],
      ['image/gif', 320, 240],
      ['image/png', 32, 18],
    ]);
    expect(data.list[2]!.path.endsWith('.png')).toBe(true);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: png }));
    const tooMany = await upload(API.uploadImages, ten);
    expect(tooMany.envelope).toMatchObject({ code: 1005, tip: '最多上传9张图片' });
  });

  it('rejects a text file disguised as .png, a truncated image and an empty request', async () => {
    const fake = await upload(API.uploadImg, [{ name: 'evil.png', type: 'image/png', bytes: Buffer.from('<?php echo 1; ?>') }]);
    expect(fake.res.statusCode).toBe(200);
    expect(fake.envelope).toMatchObject({ code: 1005, tip: '文件不是有效的图片: evil.png' });
    const truncated = await upload(API.uploadImg, [{ name: 't.png', type: 'image/png', bytes: png.subarray(0, 12) }]);
    expect(truncated.envelope.code).toBe(1005);
    const none = await upload(API.uploadImg, [{ name: 'x.png', type: 'image/png', bytes: png, field: 'other' }]);
    expect(none.envelope).toMatchObject({ code: 1005, tip: '参数错误: file' });
    const json = await call(server.app, API.uploadImg, { body: { file: 'x' }, token });
    expect(json.envelope.code).toBe(1005);
  });

  it('rejects a file over 5 MiB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const { res, envelope } = await upload(API.uploadImg, [{ name: 'big.png', type: 'image/png', bytes: big }]);
    expect(res.statusCode).toBe(200);
    expect(envelope).toMatchObject({ code: 1005, tip: '请求体过大' });
  });

  it('needs a session (1000) and a multipart signature (1002 when the body hash is used)', async () => {
    const anonymous = await upload(API.uploadImg, [{ name: 'a.png', type: 'image/png', bytes: png }], false);
    expect(anonymous.envelope.code).toBe(1000);
    const { body, contentType } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: png }]);
    const hashed = await call(server.app, API.uploadImg, { rawBody: body, contentType, token });
    expect(hashed.res.statusCode).toBe(401);
    expect(hashed.envelope.code).toBe(1002);
  });
});
