import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MAX, ACCOUNT_MIN, ACCOUNT_PATTERN, PASSWORD_MIN, mixesScripts, normalizeAccount, textLength } from '../../../protocol/account.ts';
import { API, GUEST_SECRET_PATTERN } from '../../../protocol/api.ts';
import { AccountCreateBody, GuestLoginBody, LoginResult, OfficialLoginBody, UserInfo } from '../../../protocol/contracts/app.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import { MEMBER_SESSION_MS, openSession, refuseSuspended } from '../../plugins/auth.ts';
import { endpoints } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';
import { accountKey } from './account-key.ts';
import { checkPassword, dummyHash, hashPassword } from '../../accounts/passwords.ts';
import { admitSignIn, admitSignUp } from '../../accounts/sign-in-limits.ts';
import { memberByCard } from '../../accounts/account-card.ts';
import { AccountCardBody } from '../../../protocol/contracts/member.ts';
import { MEMBER_API } from '../../../protocol/member-api.ts';

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const GUEST_SECRET = new RegExp(GUEST_SECRET_PATTERN);

export async function loginRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'login');

  endpoint(
    API.loginGuest,
    {
      summary: 'Guest login: the guest this device created when it sends its secret (uuid), else a new guest and its secret',
      changes: true,
      body: GuestLoginBody,
      answer: LoginResult,
      answerName: 'LoginResult',
    },
    async ({ body }) => {
      const { devID, uuid } = body;
      const known = uuid && GUEST_SECRET.test(uuid) ? await ctx.users.guestBySecret(devID, secretHash(uuid)) : undefined;
      let issued: string | undefined;
      let user = known;
      if (!user) {
        issued = randomBytes(32).toString('base64url');
        user = await ctx.users.createGuest(devID, secretHash(issued), body.affCode ?? '');
      }
      return { token: await openSession(ctx, user.id, true), userInfo: toUserInfo(user), ...(issued ? { uuid: issued } : {}) };
    },
  );

  endpoint(
    MEMBER_API.loginCard,
    {
      summary: "Signs in with an account card's code (user/qrcode) on this device: a member session, as account login gives; misses are limited per address",
      auth: 'optional',
      changes: true,
      body: AccountCardBody,
      answer: LoginResult,
      answerName: 'LoginResult',
    },
    async (request) => {
      const member = await memberByCard(ctx, request.body.code, request.ip);
      refuseSuspended(member);
      return { token: await openSession(ctx, member.id, false), userInfo: toUserInfo(member) };
    },
  );

  endpoint(
    API.loginOfficial,
    {
      summary: 'Account login; tries are limited per account and address, per address, and slowed per account',
      changes: true,
      body: OfficialLoginBody,
      answer: LoginResult,
      answerName: 'LoginResult',
    },
    async (request) => {
      const { account, password } = credentials(request.body);
      const key = accountKey(account);
      const attempt = await admitSignIn(ctx.stores.counter, key, request.ip);
      let valid: boolean;
      const user = await ctx.users.byAccountKey(key);
      try {
        valid = await checkPassword(user?.password_hash ?? (await dummyHash()), password);
      } catch (error) {
        await attempt.abandoned();
        throw error;
      }
      if (!user || !valid) throw new ApiError(CODES.AUTH_FAILED, '账号或密码错误');
      await attempt.succeeded();
      refuseSuspended(user);
      return { token: await openSession(ctx, user.id, false), userInfo: toUserInfo(user) };
    },
  );

  endpoint(
    API.accountCreate,
    {
      summary:
        "Creates an account (names compared NFKC, case-folded and by look-alike letters). Called with a guest's token, the guest becomes the member: its token, favourites and history are the member's, and the user info shows it at once; otherwise a new account, with no session",
      auth: 'optional',
      changes: true,
      body: AccountCreateBody,
      answer: UserInfo,
      answerName: 'UserInfo',
    },
    async (request) => {
      // SPEC §5, in the same order as the sign-up form checks, counting like the form.
      const { account, password } = credentials(request.body);
      const { confirmPassword } = request.body;
      if (!confirmPassword) throw badRequest('请输入确认密码');
      if (password !== confirmPassword) throw badRequest('两次密码不一致 请重新确认');
      if (textLength(account) < ACCOUNT_MIN) throw badRequest('账号不少于6位');
      if (textLength(password) < PASSWORD_MIN) throw badRequest('密码不少于6位');
      if (textLength(account) > ACCOUNT_MAX) throw badRequest(`账号不能超过${ACCOUNT_MAX}位`);
      if (!ACCOUNT_PATTERN.test(account)) throw badRequest('账号只能包含字母、数字和 _ . @ -');
      if (mixesScripts(account)) throw badRequest('账号不能混用多种文字');
      await admitSignUp(ctx.stores.counter, request.ip, ctx.config.signUpsPerAddress);
      const key = accountKey(account);
      const existing = await ctx.users.byAccountKey(key);
      if (existing) throw taken(existing.account ?? '', account);
      const identity = { account, account_key: key, password_hash: await hashPassword(password), nickname: account };
      const guest = request.user && !request.user.is_user ? request.user : undefined;
      const user = (guest && (await ctx.users.upgradeGuest(guest.id, identity, MEMBER_SESSION_MS))) || (await ctx.users.createMember(identity));
      if (!user) {
        const winner = await ctx.users.byAccountKey(key);
        throw taken(winner?.account ?? account, account);
      }
      await ctx.messages.announce({ userId: user.id, ...WELCOME_NOTICE });
      return toUserInfo(user);
    },
  );
}

/** Every new member's first personal notice under 公告: what the account gives them. */
export const WELCOME_NOTICE = {
  title: '欢迎加入 MD 视频',
  content:
    '感谢注册！现在你可以收藏喜欢的视频、关注演员，观看记录会跟随你的账号。\n每天在「我的」页面签到可以获得积分，连续签到还有额外奖励。\n评论、回复和点赞的通知都会出现在系统消息里。',
};

/** The account, normalized, and the password of a body, each required: account first (SPEC §5). */
function credentials(body: { account: string; password: string }): { account: string; password: string } {
  const account = normalizeAccount(body.account);
  if (!account) throw badRequest('请输入账号');
  if (!body.password) throw badRequest('请输入密码');
  return { account, password: body.password };
}

/** The same name in another case is taken; one that only looks the same is too similar. */
function taken(existing: string, wanted: string): ApiError {
  return new ApiError(CODES.AUTH_FAILED, existing.toLowerCase() === wanted.toLowerCase() ? '账号已存在' : '账号与已有账号过于相似，请换一个');
}
