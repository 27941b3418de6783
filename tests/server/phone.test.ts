import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type LoginResult, type Page, type UserInfo, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { MEMBER_API, type AccountCard, type CaptchaPolicy } from '../../protocol/member-api.ts';
import { CAPTCHA_MAX_TRIES, CAPTCHAS_PER_ADDRESS_PER_HOUR } from '../../server/accounts/captcha.ts';
import { memorySender } from '../../server/accounts/sms-sender.ts';
import { BACKENDS, call, newGuest, nextAddress, signUpMember, suiteServer } from './helpers.ts';

let phones = 0;
/** A mainland number no other test uses. */
const newPhone = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(++phones).padStart(3, '0')}`;

describe.each(BACKENDS)('phone sign-in, binding and password reset on $name', (backend) => {
  const server = suiteServer({ backend });
  const sms = memorySender();
  beforeAll(() => {
    server.app.ctx.sms = sms;
  });

  const ask = (mobile: string, purpose: 'login' | 'bind' | 'reset', options: { token?: string; remoteAddress?: string } = {}) =>
    call<CaptchaPolicy>(server.app, MEMBER_API.loginCaptcha, {
      body: { country: '+86', mobile, purpose },
      remoteAddress: options.remoteAddress ?? nextAddress(),
      token: options.token,
    });
  /** Asks for a code and answers the one the phone received. */
  const codeFor = async (mobile: string, purpose: 'login' | 'bind' | 'reset', token?: string) => {
    expect((await ask(mobile, purpose, { token })).envelope.code).toBe(200);
    const text = sms.last(`+86${mobile}`)!;
    expect(text.purpose).toBe(purpose);
    expect(text.text).toContain(text.code);
    return text.code;
  };
  const phoneLogin = (mobile: string, code: string, token?: string) =>
    call<LoginResult>(server.app, MEMBER_API.loginPhone, { body: { country: '+86', mobile, code }, token, remoteAddress: nextAddress() });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('states the captcha rules and when the phone may ask again', async () => {
    const mobile = newPhone();
    const before = await call<CaptchaPolicy>(server.app, MEMBER_API.loginBefore, { body: { country: '+86', mobile } });
    expect(before.data).toEqual({ length: 6, expiresSeconds: 300, resendSeconds: 60, retryAfter: 0 });
    await codeFor(mobile, 'login');
    const after = await call<CaptchaPolicy>(server.app, MEMBER_API.loginBefore, {
      body: { country: '+86', mobile: `${mobile.slice(0, 3)} ${mobile.slice(3)}` },
    });
    expect(after.data.retryAfter).toBeGreaterThan(55);
    // Too soon for the same purpose; another purpose is its own code.
    expect((await ask(mobile, 'login')).envelope).toMatchObject({ code: CODES.TOO_MANY, tip: expect.stringMatching(/^请在\d+秒后重新获取$/) });
    expect((await ask(mobile, 'reset')).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '该手机号未绑定账号' });
  });

  it('turns the calling guest into a member by phone, keeps its favourites, and signs the same member in again; a code works once', async () => {
    const guest = await newGuest(server.app);
    const video = (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 1 } })).data.list[0]!.id;
    expect((await call(server.app, CONTENT_API.collectAdd, { token: guest.token, body: { id: video, contentType: 2 } })).envelope.code).toBe(200);
    const mobile = newPhone();
    const code = await codeFor(mobile, 'login');
    const first = await phoneLogin(mobile, code, guest.token);
    expect(first.data.userInfo).toMatchObject({ id: guest.userInfo.id, isUser: true, mobile: `+86${mobile}`, nickname: `用户${mobile.slice(-4)}` });
    const favourites = await call<Page<VideoItem>>(server.app, CONTENT_API.collectList, {
      token: first.data.token,
      body: { contentType: 2, page: 1, pageSize: 10 },
    });
    expect(favourites.data.list.map((v) => v.id)).toContain(video);
    // The code is used up.
    expect((await phoneLogin(mobile, code)).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '验证码已失效，请重新获取' });

    await server.app.ctx.database.db
      .updateTable('captchas')
      .set({ sent_at: sql<Date>`now() - interval '2 minutes'` })
      .execute();
    const again = await phoneLogin(mobile, await codeFor(mobile, 'login'));
    expect(again.data.userInfo.id).toBe(guest.userInfo.id);
    expect((await call<UserInfo>(server.app, API.userInfo, { token: again.data.token })).data.mobile).toBe(`+86${mobile}`);
  });

  it('limits wrong tries, expires codes, and lets exactly one of many racing requests use a code', async () => {
    const mobile = newPhone();
    const code = await codeFor(mobile, 'login');
    for (let i = 0; i < CAPTCHA_MAX_TRIES; i++)
      expect((await phoneLogin(mobile, wrong(code))).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '验证码错误' });
    // Out of tries: even the right code no longer works.
    expect((await phoneLogin(mobile, code)).envelope.tip).toBe('验证码已失效，请重新获取');

    const late = newPhone();
    const lateCode = await codeFor(late, 'login');
    await server.app.ctx.database.db
      .updateTable('captchas')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('mobile', '=', `+86${late}`)
      .execute();
    expect((await phoneLogin(late, lateCode)).envelope.tip).toBe('验证码已失效，请重新获取');

    const raced = newPhone();
    const racedCode = await codeFor(raced, 'login');
    const results = await Promise.all(Array.from({ length: 20 }, () => phoneLogin(raced, racedCode)));
    expect(results.filter((r) => r.envelope.code === 200)).toHaveLength(1);
  });

  it('binds a phone to a member and moves it with the password; a phone belongs to one account', async () => {
    const a = await signUpMember(server.app, 'ph');
    const b = await signUpMember(server.app, 'ph');
    const mobile = newPhone();
    const bind = (token: string, code: string, phone = mobile) =>
      call<UserInfo>(server.app, MEMBER_API.bindMobile, { token, body: { country: '+86', mobile: phone, code } });
    const guest = await newGuest(server.app);
    expect((await ask(mobile, 'bind', { token: guest.token })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await bind(a.token, await codeFor(mobile, 'bind', a.token))).data.mobile).toBe(`+86${mobile}`);
    expect((await ask(mobile, 'bind', { token: b.token })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '该手机号已绑定其他账号' });
    expect((await ask(mobile, 'bind', { token: a.token })).envelope.tip).toBe('你已绑定这个手机号');
    // The phone now signs in to a's account.
    const byPhone = await phoneLogin(mobile, await codeFor(mobile, 'login'));
    expect(byPhone.data.userInfo.id).toBe(a.id);

    const next = newPhone();
    const change = (body: Record<string, unknown>) =>
      call<UserInfo>(server.app, MEMBER_API.changeMobile, { token: a.token, body: { country: '+86', mobile: next, ...body } });
    expect((await bind(a.token, '123456', next)).envelope.tip).toBe('已绑定手机号，请使用更换手机号');
    const nextCode = await codeFor(next, 'bind', a.token);
    expect((await change({ code: nextCode })).envelope.tip).toBe('请输入密码');
    expect((await change({ code: nextCode, password: 'wrong-one' })).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '密码错误' });
    expect((await change({ code: nextCode, password: 'secret1' })).data.mobile).toBe(`+86${next}`);
    // The old phone is free again: b binds it.
    expect((await bind(b.token, await codeFor(mobile, 'bind', b.token))).data.mobile).toBe(`+86${mobile}`);
    expect(
      (
        await call(server.app, MEMBER_API.changeMobile, {
          token: (await signUpMember(server.app, 'ph')).token,
          body: { country: '+86', mobile: newPhone(), code: '123456' },
        })
      ).envelope.tip,
    ).toBe('尚未绑定手机号');
  });

  it('resets a forgotten password through the bound phone: every session ends, the card stops working, the new password signs in', async () => {
    const m = await signUpMember(server.app, 'ph');
    const mobile = newPhone();
    await call(server.app, MEMBER_API.bindMobile, { token: m.token, body: { country: '+86', mobile, code: await codeFor(mobile, 'bind', m.token) } });
    const card = await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: m.token, body: {} });
    const reset = (body: Record<string, unknown>) =>
      call(server.app, MEMBER_API.resetPassword, { body: { country: '+86', mobile, ...body }, remoteAddress: nextAddress() });
    const code = await codeFor(mobile, 'reset');
    expect((await reset({ code, password: 'newpass1', confirmPassword: 'other11' })).envelope.tip).toBe('两次密码不一致 请重新确认');
    expect((await reset({ code, password: 'short', confirmPassword: 'short' })).envelope.tip).toBe('密码不少于6位');
    expect((await reset({ code, password: 'newpass1', confirmPassword: 'newpass1' })).envelope.code).toBe(200);
    expect((await call(server.app, API.userInfo, { token: m.token })).envelope.code).toBe(CODES.LOGIN_INVALID);
    expect((await call(server.app, MEMBER_API.loginCard, { body: { code: card.data.code }, remoteAddress: nextAddress() })).envelope.code).not.toBe(200);
    const login = (password: string) =>
      call<LoginResult>(server.app, API.loginOfficial, { body: { account: m.account, password }, remoteAddress: nextAddress() });
    expect((await login('secret1')).envelope.code).toBe(CODES.AUTH_FAILED);
    expect((await login('newpass1')).data.userInfo.id).toBe(m.id);
  });

  it('limits code requests per address', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < CAPTCHAS_PER_ADDRESS_PER_HOUR; i++) expect((await ask(newPhone(), 'login', { remoteAddress })).envelope.code).toBe(200);
    expect((await ask(newPhone(), 'login', { remoteAddress })).envelope).toMatchObject({ code: CODES.TOO_MANY, tip: '获取验证码过于频繁，请稍后再试' });
  });

  it('answers bad input with a clear error, never a 500', async () => {
    const member = await signUpMember(server.app, 'ph');
    const cases: [string, unknown, string?][] = [
      [MEMBER_API.loginBefore, { country: '+86', mobile: '12345' }, '请输入正确的手机号'],
      [MEMBER_API.loginBefore, { country: '+999', mobile: '13800138000' }, '请输入正确的手机号'],
      [MEMBER_API.loginBefore, { country: '+86' }],
      [MEMBER_API.loginCaptcha, { country: '+86', mobile: newPhone(), purpose: 'spam' }],
      [MEMBER_API.loginPhone, { country: '+86', mobile: newPhone(), code: '12' }, '请输入6位验证码'],
      [MEMBER_API.loginPhone, { country: '+86', mobile: newPhone(), code: 123456 }],
      [MEMBER_API.bindMobile, { country: '+86', mobile: 'abc', code: '123456' }, '请输入正确的手机号'],
      [MEMBER_API.resetPassword, { country: '+86', mobile: newPhone(), code: '123456', password: 'x'.repeat(129), confirmPassword: 'x' }],
    ];
    for (const [path, body, tip] of cases) {
      const { envelope } = await call(server.app, path, { body, token: member.token, remoteAddress: nextAddress() });
      expect(envelope.code, path).toBe(CODES.BAD_REQUEST);
      if (tip) expect(envelope.tip, path).toBe(tip);
    }
  });
});
