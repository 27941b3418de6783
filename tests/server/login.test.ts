import { describe, expect, it } from 'vitest';
import { API, HOME_ID, type LoginResult, type Page, type UserInfo, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import { MEMBER_SESSION_MS, tokenHash } from '../../server/plugins/auth.ts';
import { ACCOUNT_BACKOFF_MS, ACCOUNT_FREE_TRIES, MAX_FAILURES_PER_ADDRESS, MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/accounts/sign-in-limits.ts';
import { BACKENDS, call, devId, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('login and user on $name', (backend) => {
  const server = suiteServer({ backend });

  const guest = async (id = devId(), uuid?: string) =>
    call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: id, ...(uuid ? { uuid } : {}) } });

  it('logs in a guest, binds it to the secret it answers, and returns it only with that secret', async () => {
    const id = devId();
    const a = await guest(id);
    expect(a.envelope.code).toBe(200);
    expect(a.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.data.uuid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.data.userInfo).toMatchObject({ isUser: false, account: '', mobile: '' });
    expect(a.data.userInfo.nickname).toBe(`游客${a.data.userInfo.id}`);
    const b = await guest(id, a.data.uuid);
    expect(b.data.userInfo.id).toBe(a.data.userInfo.id);
    expect(b.data.token).not.toBe(a.data.token);
    expect(b.data.uuid).toBeUndefined();
    // Knowing a devID is not enough: without its secret, or with another's, it is a new guest.
    const thief = await guest(id);
    expect(thief.data.userInfo.id).not.toBe(a.data.userInfo.id);
    const other = await guest();
    const crossed = await guest(id, other.data.uuid);
    expect([a.data.userInfo.id, other.data.userInfo.id]).not.toContain(crossed.data.userInfo.id);
    // An old client's locally made uuid is not a secret the server issued: a new guest, no error.
    const legacy = await guest(devId(), devId());
    expect(legacy.envelope.code).toBe(200);
    expect(legacy.data.uuid).toBeDefined();
  });

  it('accepts only random version 4 device ids', async () => {
    for (const devID of [
      '0'.repeat(36),
      '-'.repeat(36),
      'a'.repeat(36),
      '00000000-0000-0000-0000-000000000000',
      devId().toUpperCase(),
      `${devId().slice(0, 14)}1${devId().slice(15)}`,
    ]) {
      const { envelope } = await call(server.app, API.loginGuest, { body: { affCode: '', devID } });
      expect(envelope, devID).toMatchObject({ code: 1005, tip: '参数错误: devID' });
    }
  });

  it('rejects bad guest input', async () => {
    for (const body of [{}, { devID: 'short' }, { devID: 12345 }, { devID: devId(), affCode: 7 }, { devID: devId(), extra: 1 }]) {
      const { res, envelope } = await call(server.app, API.loginGuest, { body });
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(1005);
      expect(envelope.tip).toMatch(/^参数错误: /);
    }
  });

  it('upgrades the calling guest on sign-up: same id and token, its favourites kept, its device making a new guest after', async () => {
    const device = devId();
    const guest = (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: device } })).data;
    expect(guest.userInfo.isUser).toBe(false);
    const video = (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 1 } })).data.list[0]!;
    expect((await call(server.app, CONTENT_API.collectAdd, { token: guest.token, body: { id: video.id, contentType: 2 } })).envelope.code).toBe(200);

    const account = `up_${Date.now()}`;
    const created = await call<UserInfo>(server.app, API.accountCreate, {
      token: guest.token,
      body: { account, password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(created.data).toMatchObject({ id: guest.userInfo.id, account, isUser: true });
    // No second sign-in: the guest's token is the member's now, with the guest's favourite.
    expect((await call<UserInfo>(server.app, API.userInfo, { token: guest.token })).data).toMatchObject({ id: guest.userInfo.id, account, isUser: true });
    const favourites = await call<Page<VideoItem>>(server.app, CONTENT_API.collectList, {
      token: guest.token,
      body: { contentType: 2, page: 1, pageSize: 10 },
    });
    expect(favourites.data.list.map((v) => v.id)).toEqual([video.id]);
    // The session is a member's now: at most 30 days.
    const session = await server.app.ctx.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', tokenHash(guest.token))
      .executeTakeFirstOrThrow();
    expect(new Date(session.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + MEMBER_SESSION_MS + 60_000);
    // The device's secret no longer names anyone: its next guest login is a new guest, not the member.
    const again = await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: device, uuid: guest.uuid } });
    expect(again.data.userInfo).toMatchObject({ isUser: false });
    expect(again.data.userInfo.id).not.toBe(guest.userInfo.id);
    // The password works from anywhere.
    expect((await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' } })).data.userInfo.id).toBe(guest.userInfo.id);
  });

  it('lets one of two racing sign-ups of a guest upgrade it; the other makes a separate account', async () => {
    const guest = (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data;
    const names = [`ra_${Date.now()}`, `rb_${Date.now()}`];
    const answers = await Promise.all(
      names.map((account) =>
        call<UserInfo>(server.app, API.accountCreate, { token: guest.token, body: { account, password: 'secret1', confirmPassword: 'secret1' } }),
      ),
    );
    expect(answers.map((a) => a.envelope.code)).toEqual([200, 200]);
    expect(answers.filter((a) => a.data.id === guest.userInfo.id)).toHaveLength(1);
    const me = (await call<UserInfo>(server.app, API.userInfo, { token: guest.token })).data;
    expect(names).toContain(me.account);
  });

  it('creates an account without a token, then logs in, reads user info and logs out', async () => {
    const account = `user_${Date.now()}`;
    const created = await call<UserInfo>(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    expect(created.envelope.code).toBe(200);
    expect(created.data).toMatchObject({ account, isUser: true, nickname: account });
    expect(created.data).not.toHaveProperty('token');

    const taken = await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    expect(taken.envelope).toMatchObject({ code: 1009, tip: '账号已存在' });

    const login = await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' } });
    expect(login.envelope.code).toBe(200);
    const { token } = login.data;
    const info = await call<UserInfo>(server.app, API.userInfo, { token });
    expect(info.data).toMatchObject({ id: created.data.id, account, isUser: true });

    const out = await call(server.app, API.logout, { token });
    expect(out.envelope.code).toBe(200);
    const after = await call(server.app, API.userInfo, { token });
    expect(after.res.statusCode).toBe(200);
    expect(after.envelope).toEqual({ code: 1000, tip: '您的登录状态已失效', data: null, hash: false });
  });

  it('validates sign-up like SPEC §5', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ account: '', password: 'secret1', confirmPassword: 'secret1' }, '请输入账号'],
      [{ account: 'someone', password: '', confirmPassword: 'secret1' }, '请输入密码'],
      [{ account: 'someone', password: 'secret1', confirmPassword: '' }, '请输入确认密码'],
      [{ account: 'someone', password: 'secret1', confirmPassword: 'secret2' }, '两次密码不一致 请重新确认'],
      [{ account: 'abc', password: 'secret1', confirmPassword: 'secret1' }, '账号不少于6位'],
      [{ account: 'someone', password: 'abc', confirmPassword: 'abc' }, '密码不少于6位'],
    ];
    for (const [body, tip] of cases) {
      const { envelope } = await call(server.app, API.accountCreate, { body });
      expect(envelope).toMatchObject({ code: 1005, tip });
    }
    const wrongType = await call(server.app, API.accountCreate, { body: { account: 123456, password: 'secret1', confirmPassword: 'secret1' } });
    expect(wrongType.envelope).toMatchObject({ code: 1005, tip: '参数错误: account' });
  });

  it('answers 1009 for a wrong password or unknown account', async () => {
    const account = `pw_${Date.now()}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    const wrong = await call(server.app, API.loginOfficial, { body: { account, password: 'secret2' } });
    expect(wrong.envelope).toEqual({ code: 1009, tip: '账号或密码错误', data: null, hash: false });
    const unknown = await call(server.app, API.loginOfficial, { body: { account: 'nobody_here', password: 'secret1' } });
    expect(unknown.envelope.code).toBe(1009);
  });

  it('locks an account for the address that guesses it, not for its owner elsewhere', async () => {
    const account = `rl_${Date.now()}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    for (let i = 0; i < MAX_TRIES_PER_ACCOUNT_AND_ADDRESS; i++) {
      const { envelope } = await call(server.app, API.loginOfficial, { body: { account, password: 'wrong-pw' }, remoteAddress: '10.0.0.1' });
      expect(envelope.code).toBe(1009);
    }
    const blocked = await call(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress: '10.0.0.1' });
    expect(blocked.envelope).toEqual({ code: 1008, tip: '操作过于频繁，请稍后再试', data: null, hash: false });
    const owner = await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress: '10.0.1.1' });
    expect(owner.envelope.code).toBe(200);
  });

  it('slows an account guessed from many addresses to one check per backoff, and its owner still gets in', async () => {
    const account = `many_${Date.now()}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' } });
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_FREE_TRIES + 5; i++) {
      codes.push((await call(server.app, API.loginOfficial, { body: { account, password: 'wrong-pw' }, remoteAddress: `10.5.0.${i + 1}` })).envelope.code);
    }
    expect(codes.slice(0, ACCOUNT_FREE_TRIES).every((c) => c === 1009)).toBe(true);
    // Past the free tries one check runs per backoff period; the rest are told to wait.
    expect(codes.slice(ACCOUNT_FREE_TRIES).filter((c) => c === 1009).length).toBeLessThanOrEqual(1);
    expect(codes.slice(ACCOUNT_FREE_TRIES)).toContain(1008);
    await new Promise((resolve) => setTimeout(resolve, ACCOUNT_BACKOFF_MS + 100));
    const owner = await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress: '10.6.0.1' });
    expect(owner.envelope.code).toBe(200);
  });

  it('rate limits failures per address (1008)', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const { envelope } = await call(server.app, API.loginOfficial, { body: { account: `nobody_${i}`, password: 'wrong-pw' }, remoteAddress: address });
      expect(envelope.code).toBe(1009);
    }
    const blocked = await call(server.app, API.loginOfficial, { body: { account: 'nobody_x', password: 'wrong-pw' }, remoteAddress: address });
    expect(blocked.envelope.code).toBe(1008);
    const elsewhere = await call(server.app, API.loginOfficial, { body: { account: 'nobody_x', password: 'wrong-pw' }, remoteAddress: '10.9.9.8' });
    expect(elsewhere.envelope.code).toBe(1009);
  }, 120_000);

  it('answers 1000 for a missing, unknown or expired token', async () => {
    const missing = await call(server.app, API.userInfo, {});
    expect(missing.envelope.code).toBe(1000);
    const unknown = await call(server.app, API.userInfo, { token: 'x'.repeat(43) });
    expect(unknown.envelope.code).toBe(1000);
    const { data } = await guest();
    await server.app.ctx.sessions.expire(tokenHash(data.token), new Date(Date.now() - 1000));
    const expired = await call(server.app, API.userInfo, { token: data.token });
    expect(expired.res.statusCode).toBe(200);
    expect(expired.envelope.code).toBe(1000);
    const logout = await call(server.app, API.logout, { token: data.token });
    expect(logout.envelope.code).toBe(1000);
  });

  it('rejects malformed JSON, wrong content types and oversized bodies with clear envelopes', async () => {
    const malformed = await call(server.app, API.loginOfficial, { rawBody: '{"account": "abc' });
    expect(malformed.res.statusCode).toBe(200);
    expect(malformed.envelope).toMatchObject({ code: 1005, tip: '参数错误: 请求体不是合法的 JSON' });
    const text = await call(server.app, API.loginOfficial, { rawBody: 'account=abc', contentType: 'text/plain' });
    expect(text.envelope.code).toBe(1005);
    const array = await call(server.app, API.loginOfficial, { rawBody: '[1,2]' });
    expect(array.envelope.code).toBe(1005);
    const empty = await call(server.app, API.loginOfficial, { rawBody: '' });
    expect(empty.envelope.code).toBe(1005);
    const huge = await call(server.app, API.loginOfficial, { rawBody: JSON.stringify({ account: 'a'.repeat(1_100_000), password: 'x' }) });
    expect(huge.res.statusCode).toBe(200);
    expect(huge.envelope).toMatchObject({ code: 1005, tip: '请求体过大' });
  });
});

describe('sign-ups per address (MD_SIGNUPS_PER_ADDRESS)', () => {
  const server = suiteServer({ backend: BACKENDS[0]!, env: { MD_SIGNUPS_PER_ADDRESS: '2' } });
  const signUp = (account: string, remoteAddress: string) =>
    call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' }, remoteAddress });

  it('takes the configured number from one address in the window, then refuses it alone', async () => {
    const stamp = Date.now() % 100000;
    expect((await signUp(`na_${stamp}_1`, '10.9.0.1')).envelope.code).toBe(200);
    expect((await signUp(`na_${stamp}_2`, '10.9.0.1')).envelope.code).toBe(200);
    expect((await signUp(`na_${stamp}_3`, '10.9.0.1')).envelope.code).toBe(1008);
    expect((await signUp(`na_${stamp}_4`, '10.9.0.2')).envelope.code).toBe(200);
  });
});
