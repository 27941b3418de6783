import { Type } from 'typebox';
import { CAPTCHA_LENGTH, PASSWORD_MIN, phoneNumberOf, textLength } from '../../../protocol/account.ts';
import { LoginResult, UserInfo } from '../../../protocol/contracts/app.ts';
import {
  CaptchaBody,
  CaptchaPolicy,
  ChangeMobileBody,
  PhoneBody,
  PhoneCodeBody,
  ResetPasswordBody,
  type CaptchaPurpose,
} from '../../../protocol/contracts/member.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { MEMBER_API } from '../../../protocol/member-api.ts';
import { admitCaptcha, captchaText, CAPTCHA_RESEND_SECONDS, CAPTCHA_TTL_SECONDS, newCaptchaCode, useCaptcha } from '../../accounts/captcha.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { checkOwnPassword } from '../../accounts/sign-in-limits.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo, type UserRow } from '../../db/repositories/users.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import { MEMBER_SESSION_MS, memberOf, openSession, refuseSuspended } from '../../plugins/auth.ts';
import { endpoints } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';
import { WELCOME_NOTICE } from './login-routes.ts';

const PHONE_TAKEN = '该手机号已绑定其他账号';

/** The stored form of the body's phone, or a clear refusal. */
function phoneOf(body: { country: string; mobile: string }): string {
  const phone = phoneNumberOf(body.country, body.mobile);
  if (phone === null) throw badRequest('请输入正确的手机号');
  return phone;
}

/** Phone sign-in, binding and changing a phone, and a forgotten password reset by phone (issue 11). */
export async function phoneRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'login');

  endpoint(
    MEMBER_API.loginBefore,
    {
      summary: 'The captcha rules (digits, how long a code works, the wait between codes) and how long until this phone may ask again',
      body: PhoneBody,
      answer: CaptchaPolicy,
      answerName: 'CaptchaPolicy',
    },
    async ({ body }) => ({
      length: CAPTCHA_LENGTH,
      expiresSeconds: CAPTCHA_TTL_SECONDS,
      resendSeconds: CAPTCHA_RESEND_SECONDS,
      retryAfter: await ctx.captchas.retryAfter(phoneOf(body)),
    }),
  );

  endpoint(
    MEMBER_API.loginCaptcha,
    {
      summary: `Sends a ${CAPTCHA_LENGTH}-digit code to the phone for signing in, binding (members), a password reset (a bound phone) or deleting the account (the member's own bound phone). One code per phone and purpose a minute, limited per phone a day and per address an hour; it works ${CAPTCHA_TTL_SECONDS / 60} minutes and takes a few wrong tries`,
      auth: 'optional',
      changes: true,
      body: CaptchaBody,
      answer: CaptchaPolicy,
      answerName: 'CaptchaPolicy',
    },
    async (request) => {
      const { body } = request;
      const phone = phoneOf(body);
      const purpose: CaptchaPurpose = body.purpose;
      if (purpose === 'bind') {
        const member = memberOf(request.user);
        if (member.mobile === phone) throw badRequest('你已绑定这个手机号');
        const holder = await ctx.users.byMobile(phone);
        if (holder) throw badRequest(PHONE_TAKEN);
      }
      if (purpose === 'reset' && !(await ctx.users.byMobile(phone))?.is_user) throw badRequest('该手机号未绑定账号');
      if (purpose === 'delete' && memberOf(request.user).mobile !== phone) throw badRequest('请使用账号绑定的手机号');
      await admitCaptcha(ctx.stores.counter, phone, request.ip);
      const code = newCaptchaCode();
      const wait = await ctx.captchas.issue(phone, purpose, code);
      if (wait > 0) throw new ApiError(CODES.TOO_MANY, `请在${wait}秒后重新获取`);
      await ctx.sms.send({ to: phone, code, purpose, text: captchaText(code, purpose) });
      return { length: CAPTCHA_LENGTH, expiresSeconds: CAPTCHA_TTL_SECONDS, resendSeconds: CAPTCHA_RESEND_SECONDS, retryAfter: CAPTCHA_RESEND_SECONDS };
    },
  );

  endpoint(
    MEMBER_API.loginPhone,
    {
      summary:
        "Signs in with a phone and its code. A phone no account holds becomes a new member: called with a guest's token, that guest (its favourites and history) becomes the member, as sign-up does",
      auth: 'optional',
      changes: true,
      body: PhoneCodeBody,
      answer: LoginResult,
      answerName: 'LoginResult',
    },
    async (request) => {
      const phone = phoneOf(request.body);
      await useCaptcha(ctx.captchas, phone, 'login', request.body.code);
      let member: UserRow | undefined = await ctx.users.byMobile(phone);
      if (!member) {
        const identity = { mobile: phone, nickname: `用户${phone.slice(-4)}` };
        const guest = request.user && !request.user.is_user ? request.user : undefined;
        member = (guest && (await ctx.users.upgradeGuest(guest.id, identity, MEMBER_SESSION_MS))) || (await ctx.users.createMember(identity));
        // Only the caller who used the code gets here, but a bind of the same phone may have won meanwhile.
        if (!member) throw badRequest(PHONE_TAKEN);
        await ctx.messages.announce({ userId: member.id, ...WELCOME_NOTICE });
      }
      refuseSuspended(member);
      return { token: await openSession(ctx, member.id, false), userInfo: toUserInfo(member) };
    },
  );

  endpoint(
    MEMBER_API.bindMobile,
    {
      summary: 'Binds a phone (with its code, sent for bind) to a member who has none yet; a phone belongs to one account',
      auth: 'required',
      changes: true,
      body: PhoneCodeBody,
      answer: UserInfo,
      answerName: 'UserInfo',
    },
    async (request) => {
      const member = memberOf(request.user);
      if (member.mobile) throw badRequest('已绑定手机号，请使用更换手机号');
      const phone = phoneOf(request.body);
      await useCaptcha(ctx.captchas, phone, 'bind', request.body.code);
      return toUserInfo(bound(await ctx.users.setMobile(member.id, phone)));
    },
  );

  endpoint(
    MEMBER_API.changeMobile,
    {
      summary:
        "Moves the member to a new phone: the new phone's code (sent for bind) and, when the account has a password, the password; its wrong tries are limited like sign-in's",
      auth: 'required',
      changes: true,
      body: ChangeMobileBody,
      answer: UserInfo,
      answerName: 'UserInfo',
    },
    async (request) => {
      const member = memberOf(request.user);
      if (!member.mobile) throw badRequest('尚未绑定手机号');
      const phone = phoneOf(request.body);
      if (phone === member.mobile) throw badRequest('新手机号不能与原手机号相同');
      if (member.password_hash) {
        const { password } = request.body;
        if (!password) throw badRequest('请输入密码');
        if (!(await checkOwnPassword(ctx.stores.counter, member, password, request.ip))) throw new ApiError(CODES.AUTH_FAILED, '密码错误');
      }
      await useCaptcha(ctx.captchas, phone, 'bind', request.body.code);
      return toUserInfo(bound(await ctx.users.setMobile(member.id, phone)));
    },
  );

  endpoint(
    MEMBER_API.resetPassword,
    {
      summary:
        "Sets a new password for the account bound to the phone, with the phone's code (sent for reset): every session of the account ends and its account card stops working",
      auth: 'optional',
      changes: true,
      body: ResetPasswordBody,
      answer: Type.Null(),
      answerName: 'null',
    },
    async ({ body }) => {
      const phone = phoneOf(body);
      if (!body.password) throw badRequest('请输入新密码');
      if (body.password !== body.confirmPassword) throw badRequest('两次密码不一致 请重新确认');
      if (textLength(body.password) < PASSWORD_MIN) throw badRequest('密码不少于6位');
      await useCaptcha(ctx.captchas, phone, 'reset', body.code);
      const member = await ctx.users.byMobile(phone);
      if (!member?.is_user) throw badRequest('该手机号未绑定账号');
      await ctx.users.setPasswordHash(member.id, await hashPassword(body.password));
      await ctx.sessions.revokeOthers(member.id, '');
      return null;
    },
  );
}

function bound(result: UserRow | 'taken' | undefined): UserRow {
  if (result === 'taken') throw badRequest(PHONE_TAKEN);
  if (!result) throw badRequest('用户不存在');
  return result;
}
