// DECISIONS "Idempotency": a changing call repeated with its requestId answers the first answer and changes nothing.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { API, type LoginResult, type UploadResult, type UserInfo, type VideoDetail } from '../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../protocol/content-api.ts';
import { BACKENDS, call, multipartBody, suiteServer, newGuest } from '../server/helpers.ts';

const requestId = () => randomBytes(12).toString('base64url');

describe.each(BACKENDS)('requestId on $name', (backend) => {
  const server = suiteServer({ backend });
  let token: string;
  beforeAll(async () => {
    token = (await newGuest(server.app)).token;
  });

  const collectCount = async (id: number) => (await call<VideoDetail>(server.app, API.videoDetail, { body: { id }, token })).data.collectCount;

  it('answers a repeat with the first answer, byte for byte, and changes nothing', async () => {
    const id = requestId();
    const before = await collectCount(1005);
    const first = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1005, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token });
    expect(first.envelope.code).toBe(200);
    await call(server.app, CONTENT_API.collectDel, { body: { id: 1005, contentType: CONTENT_TYPE.VIDEO }, token });
    const repeat = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1005, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token });
    expect(repeat.res.body).toBe(first.res.body);
    expect(repeat.res.headers['x-idempotent-replay']).toBe('1');
    // The repeat did not favourite again after the removal.
    expect(await collectCount(1005)).toBe(before);
  });

  it('runs concurrent repeats once', async () => {
    const id = requestId();
    const before = await collectCount(1006);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(server.app, CONTENT_API.collectAdd, { body: { id: 1006, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token })),
    );
    expect(new Set(answers.map((a) => a.res.body)).size).toBe(1);
    expect(answers.filter((a) => a.res.headers['x-idempotent-replay'] === '1')).toHaveLength(9);
    expect(await collectCount(1006)).toBe(before + 1);
  });

  it('keeps requestIds per caller, refuses one reused for another body, and checks its form', async () => {
    const id = requestId();
    const other = (await newGuest(server.app)).token;
    const mine = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1007, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token });
    const theirs = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1007, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token: other });
    expect(theirs.res.headers['x-idempotent-replay']).toBeUndefined();
    expect(theirs.res.body).not.toBe(mine.res.body);
    const reused = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1008, contentType: CONTENT_TYPE.VIDEO, requestId: id }, token });
    expect(reused.envelope).toMatchObject({ code: 1005, tip: '参数错误: requestId 已用于另一个请求' });
    for (const bad of ['short', 'x'.repeat(65), 'has space here', 42]) {
      const { envelope } = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1007, contentType: CONTENT_TYPE.VIDEO, requestId: bad }, token });
      expect(envelope).toMatchObject({ code: 1005, tip: '参数错误: requestId' });
    }
  });

  it('creates one account for a repeated sign-up and forgets transient refusals', async () => {
    const id = requestId();
    const account = `idem_${Date.now()}`;
    const body = { account, password: 'secret1', confirmPassword: 'secret1', requestId: id };
    const first = await call<UserInfo>(server.app, API.accountCreate, { body });
    const again = await call<UserInfo>(server.app, API.accountCreate, { body });
    expect(first.envelope.code).toBe(200);
    expect(again.res.body).toBe(first.res.body);
    // A refusal that may pass later (an expired login, 1000) is not remembered: a retry runs.
    const retry = requestId();
    const expired = await call(server.app, CONTENT_API.collectAdd, {
      body: { id: 1009, contentType: CONTENT_TYPE.VIDEO, requestId: retry },
      token: 'x'.repeat(43),
    });
    expect(expired.envelope.code).toBe(1000);
    const later = await call(server.app, CONTENT_API.collectAdd, { body: { id: 1009, contentType: CONTENT_TYPE.VIDEO, requestId: retry }, token });
    expect(later.envelope.code).toBe(200);
    expect(later.res.headers['x-idempotent-replay']).toBeUndefined();
  });

  it('stores one upload for a repeated upload with the same requestId in its signed query', async () => {
    const member = `upl_${Date.now()}`;
    await call(server.app, API.accountCreate, { body: { account: member, password: 'secret1', confirmPassword: 'secret1' } });
    const memberToken = (await call<LoginResult>(server.app, API.loginOfficial, { body: { account: member, password: 'secret1' } })).data.token;
    const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody([{ name: 'a.png', type: 'image/png', bytes: png }]);
    const path = `${API.uploadImg}?purpose=post&requestId=${requestId()}`;
    const send = () => call<UploadResult>(server.app, path, { rawBody: body, contentType, multipart: true, token: memberToken });
    const first = await send();
    const again = await send();
    expect(first.envelope.code).toBe(200);
    expect(again.res.body).toBe(first.res.body);
    const rows = await server.app.ctx.database.db.selectFrom('uploads').select('path').where('path', '=', first.data.path).execute();
    expect(rows).toHaveLength(1);
  });

  it('documents requestId on every changing call of the OpenAPI document', async () => {
    const doc = server.app.swagger() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } } }>;
    };
    for (const path of [API.loginGuest, API.loginOfficial, API.accountCreate, CONTENT_API.collectAdd, CONTENT_API.collectDel, API.advertiseClick]) {
      const schema = doc.paths[path]?.post?.requestBody?.content['application/json']?.schema;
      expect(schema?.properties, path).toHaveProperty('requestId');
    }
  });
});
