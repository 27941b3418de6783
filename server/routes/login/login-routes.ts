import type { FastifyInstance } from 'fastify';
import { API, type AccountCreateBody, type GuestLoginBody, type LoginResult, type OfficialLoginBody } from '../../../protocol/api.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import { openSession } from '../../plugins/auth.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, loginResult, signedHeaders, userInfo } from '../schemas.ts';
import { checkPassword, dummyHash, hashPassword } from './passwords.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const MAX_SIGNUPS_PER_ADDRESS = 60;
const TOO_MANY = '操作过于频繁，请稍后再试';

const text = (max: number) => ({ type: 'string', maxLength: max });

export async function loginRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: GuestLoginBody }>(
    API.loginGuest,
    {
      schema: {
        summary: 'Guest login bound to a device id; the same devID returns the same guest',
        tags: ['login'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['devID'],
          additionalProperties: false,
          properties: { affCode: text(64), devID: { type: 'string', minLength: 36, maxLength: 36, pattern: '^[0-9A-Za-z-]{36}$' } },
        },
        response: { 200: envelopeOf(loginResult, 'LoginResult') },
      },
    },
    async (request) => {
      const user = await ctx.users.guestFor(request.body.devID, request.body.affCode ?? '');
      const result: LoginResult = { token: await openSession(ctx, user.id, true), userInfo: toUserInfo(user) };
      return okEnvelope(ctx, result);
    },
  );

  api.post<{ Body: OfficialLoginBody }>(
    API.loginOfficial,
    {
      schema: {
        summary: 'Account login; failures are rate limited per account and per address',
        tags: ['login'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['account', 'password'],
          additionalProperties: false,
          properties: { account: text(64), password: text(128) },
        },
        response: { 200: envelopeOf(loginResult, 'LoginResult') },
      },
    },
    async (request) => {
      const { account, password } = request.body;
      if (!account) throw badRequest('请输入账号');
      if (!password) throw badRequest('请输入密码');
      const accountKey = `login:acct:${account.toLowerCase()}`;
      const addressKey = `login:ip:${request.ip}`;
      const [byAccount, byAddress] = await Promise.all([ctx.stores.counter.count(accountKey), ctx.stores.counter.count(addressKey)]);
      if (byAccount >= MAX_FAILURES_PER_ACCOUNT || byAddress >= MAX_FAILURES_PER_ADDRESS) {
        throw new ApiError(CODES.TOO_MANY, TOO_MANY);
      }
      const user = await ctx.users.byAccount(account);
      const valid = await checkPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !valid) {
        await Promise.all([
          ctx.stores.counter.hit(accountKey, LOGIN_WINDOW_MS),
          ctx.stores.counter.hit(addressKey, LOGIN_WINDOW_MS),
        ]);
        throw new ApiError(CODES.AUTH_FAILED, '账号或密码错误');
      }
      await ctx.stores.counter.clear(accountKey);
      const result: LoginResult = { token: await openSession(ctx, user.id, false), userInfo: toUserInfo(user) };
      return okEnvelope(ctx, result);
    },
  );

  api.post<{ Body: AccountCreateBody }>(
    API.accountCreate,
    {
      schema: {
        summary: 'Creates an account; answers its UserInfo and opens no session (log in next)',
        tags: ['login'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['account', 'password', 'confirmPassword'],
          additionalProperties: false,
          properties: { account: text(64), password: text(128), confirmPassword: text(128) },
        },
        response: { 200: envelopeOf(userInfo, 'UserInfo') },
      },
    },
    async (request) => {
      const { account, password, confirmPassword } = request.body;
      // SPEC §5, in the same order as the sign-up form checks.
      if (!account) throw badRequest('请输入账号');
      if (!password) throw badRequest('请输入密码');
      if (!confirmPassword) throw badRequest('请输入确认密码');
      if (password !== confirmPassword) throw badRequest('两次密码不一致 请重新确认');
      if ([...account].length < 6) throw badRequest('账号不少于6位');
      if ([...password].length < 6) throw badRequest('密码不少于6位');
      if (!/^[\p{L}\p{N}_.@-]+$/u.test(account)) throw badRequest('账号只能包含字母、数字和 _ . @ -');
      const addressKey = `signup:ip:${request.ip}`;
      if ((await ctx.stores.counter.hit(addressKey, LOGIN_WINDOW_MS)) > MAX_SIGNUPS_PER_ADDRESS) {
        throw new ApiError(CODES.TOO_MANY, TOO_MANY);
      }
      if (await ctx.users.byAccount(account)) throw new ApiError(CODES.AUTH_FAILED, '账号已存在');
      const user = await ctx.users.createMember(account, await hashPassword(password));
      if (!user) throw new ApiError(CODES.AUTH_FAILED, '账号已存在');
      return okEnvelope(ctx, toUserInfo(user));
    },
  );
}
