// Input that used to reach SQL and answer 500: NUL bytes, lone surrogates, numbers past int4.
import { describe, expect, it } from 'vitest';
import { API } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import { BACKENDS, call, devId, suiteServer } from '../server/helpers.ts';

describe.each(BACKENDS)('text the database cannot store on $name', (backend) => {
  const server = suiteServer({ backend });

  it.each([
    ['search keyword', CONTENT_API.search, { keyword: 'a\u0000b', type: 'all', page: 1, pageSize: 10 }, 'keyword'],
    ['guest affCode', API.loginGuest, { affCode: '\u0000', devID: devId() }, 'affCode'],
    ['sign-in account', API.loginOfficial, { account: 'someone\u0000', password: 'secret1' }, 'account'],
    ['sign-up account', API.accountCreate, { account: 'someone\u0000x', password: 'secret1', confirmPassword: 'secret1' }, 'account'],
    ['lone surrogate', CONTENT_API.search, { keyword: '\ud800abc', type: 'all', page: 1, pageSize: 10 }, 'keyword'],
  ])('%s answers 1005 naming the field', async (_name, path, body, field) => {
    const { res, envelope } = await call(server.app, path, { body });
    expect(res.statusCode).toBe(200);
    expect(envelope).toMatchObject({ code: 1005, tip: `参数错误: ${field} 含有无效字符` });
  });

  it('keeps paired surrogates (emoji) as text', async () => {
    const { envelope } = await call(server.app, CONTENT_API.search, { body: { keyword: '云海😀', type: 'all', page: 1, pageSize: 10 } });
    expect(envelope.code).toBe(200);
  });

  it('answers ids past what the database holds as not found or bad input, never 500', async () => {
    for (const id of [2 ** 31, 2 ** 53 - 1, -(2 ** 31) - 1]) {
      const { res, envelope } = await call(server.app, API.videoDetail, { body: { id } });
      expect(res.statusCode).toBe(200);
      expect([1005, 1006]).toContain(envelope.code);
    }
  });
});
