import { describe, expect, it } from 'vitest';
import { decideOutcome } from '../../../../src/lib/api-outcome.ts';

const ok = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), interceptError: false, networkError: false });

describe('decideOutcome (SPEC §8)', () => {
  it('resolves code 200 with the decrypted data', () => {
    expect(decideOutcome(ok({ code: 200, tip: 'success', data: { a: 1 }, hash: false }))).toEqual({ kind: 'ok', data: { a: 1 } });
  });

  it('refuses data still flagged as encrypted', () => {
    expect(decideOutcome(ok({ code: 200, tip: 'success', data: 'AAAA', hash: true }))).toMatchObject({ kind: 'error', message: '服务器异常' });
  });

  it('rejects 7016 silently with the whole response', () => {
    const envelope = { code: 7016, tip: 'x', data: { extra: true }, hash: false };
    expect(decideOutcome(ok(envelope))).toEqual({ kind: 'silent', envelope });
  });

  it('maps 1000 to the login-invalid message', () => {
    expect(decideOutcome(ok({ code: 1000, tip: 'whatever', data: null, hash: false }))).toMatchObject({
      kind: 'login-invalid',
      message: '您的登录状态已失效',
    });
  });

  it('shows the tip of other codes, or the default message', () => {
    expect(decideOutcome(ok({ code: 1009, tip: '账号或密码错误', data: null, hash: false }))).toMatchObject({
      kind: 'error',
      message: '账号或密码错误',
      code: 1009,
    });
    expect(decideOutcome(ok({ code: 1005, tip: '', data: null, hash: false }))).toMatchObject({ kind: 'error', message: '请求出错啦~' });
  });

  it('maps HTTP statuses to the catalogue', () => {
    const cases: [number, string][] = [
      [400, '请求错误'],
      [401, '用户没有权限。'],
      [403, '用户得到授权，但是访问是被禁止的。'],
      [404, '请求地址不存在'],
      [405, '请求方法不允许'],
      [406, '请求的格式不可得。'],
      [410, '请求的资源被永久删除'],
      [422, '验证错误'],
      [500, '服务器发生错误'],
      [502, '网关错误。'],
      [503, '服务不可用，服务器暂时过载或维护。'],
      [504, '网关超时。'],
      [418, '请求出错啦~'],
    ];
    for (const [status, message] of cases) {
      expect(decideOutcome({ status, body: '', interceptError: false, networkError: false })).toMatchObject({ kind: 'error', message });
    }
  });

  it('reports no response and interceptor failures', () => {
    expect(decideOutcome({ status: 0, body: '', interceptError: false, networkError: true })).toMatchObject({
      message: '您的网络发生异常，无法连接服务器',
    });
    expect(
      decideOutcome({ status: 200, body: '{"code":-1,"tip":"服务器异常","data":null,"hash":false}', interceptError: true, networkError: false }),
    ).toMatchObject({ message: '服务器异常' });
  });

  it('treats a body that is not an envelope as a generic error', () => {
    expect(decideOutcome({ status: 200, body: '<html>', interceptError: false, networkError: false })).toMatchObject({ message: '请求出错啦~' });
    expect(decideOutcome(ok({ hello: 1 }))).toMatchObject({ message: '请求出错啦~' });
  });
});
