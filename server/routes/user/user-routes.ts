import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { AvatarBody, ChangePasswordBody, ProfileModifyBody, UserInfo } from '../../../protocol/contracts/app.ts';
import { LOCK_CODE_PATTERN, NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MIN, SIGNATURE_MAX, textLength } from '../../../protocol/account.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { ApiError, badRequest, found } from '../../plugins/api-error.ts';
import { hashPassword } from '../../accounts/passwords.ts';
import { checkOwnPassword } from '../../accounts/sign-in-limits.ts';
import { checkLockCode, LOCK_CODE_WINDOW_MS, lockCodeOf, MAX_LOCK_CODE_TRIES, newLockCode } from '../../accounts/lock-code.ts';
import { EmptyBody } from '../../../protocol/contracts/common.ts';
import {
  AccountCard,
  AccountCardBody,
  AccountCardInfo,
  CertStatus,
  HISTORY_SYNC_MAX,
  HistorySync,
  HistorySyncBody,
  LockCode,
  LockCodeBody,
  ONLINE_HEARTBEAT_SECONDS,
  OnlineTime,
  OnlineTimeBody,
  WorksIncome,
  InviteIncome,
  InviteListBody,
  Invitee,
  ScoreEntry,
  ShareInfo,
  ScoreListBody,
  ScoreRank,
  ScoreRankBody,
  UserTitle,
  AccountExport,
  DeleteAccountBody,
  EXPORT_LIST_MAX,
} from '../../../protocol/contracts/member.ts';
import { join } from 'node:path';
import { useCaptcha } from '../../accounts/captcha.ts';
import { removeImageSet } from '../../media/variants.ts';
import { maskAccount, memberByCard, newCardCode } from '../../accounts/account-card.ts';
import { INVITE_POINTS, inviteCodeOf } from '../../accounts/invites.ts';
import { localDay } from '../../jobs/local-day.ts';
import { MEMBER_API } from '../../../protocol/member-api.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { titleOf } from '../../db/repositories/members.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { memberOf, tokenHash } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

/** Rows of user/score/rank when the body names no limit (the schema's default too). */
const RANK_LIMIT = 20;

export async function userRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'user');

  endpoint(API.userInfo, { summary: 'The signed-in user', auth: 'required', answer: UserInfo, answerName: 'UserInfo' }, async ({ user }) => toUserInfo(user!));

  endpoint(
    API.userModify,
    {
      summary: "Changes the member's nickname (2–20 characters) and/or signature (up to 60); answers the user info",
      auth: 'required',
      changes: true,
      body: ProfileModifyBody,
      answer: UserInfo,
      answerName: 'UserInfo',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const profile: { nickname?: string; signature?: string } = {};
      if (body.nickname !== undefined) {
        const nickname = body.nickname.normalize('NFKC').trim();
        if (textLength(nickname) < NICKNAME_MIN) throw badRequest(`昵称不少于${NICKNAME_MIN}个字`);
        if (textLength(nickname) > NICKNAME_MAX) throw badRequest(`昵称不能超过${NICKNAME_MAX}个字`);
        if (/[\p{Cc}\p{Cf}]/u.test(nickname)) throw badRequest('昵称不能包含控制字符');
        profile.nickname = nickname;
      }
      if (body.signature !== undefined) {
        const signature = body.signature.normalize('NFKC').trim();
        if (textLength(signature) > SIGNATURE_MAX) throw badRequest(`签名不能超过${SIGNATURE_MAX}个字`);
        profile.signature = signature;
      }
      // The schema asks for one field, but requestId counts as one too: a body with neither is bad input.
      if (profile.nickname === undefined && profile.signature === undefined) throw badRequest('请填写昵称或签名');
      return toUserInfo(found(await ctx.users.updateProfile(member.id, profile), '用户不存在'));
    },
  );

  endpoint(
    API.userAvatar,
    {
      summary: 'Makes a square image the member uploaded (upload/img with purpose avatar) their avatar; answers the user info',
      auth: 'required',
      changes: true,
      body: AvatarBody,
      answer: UserInfo,
      answerName: 'UserInfo',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const result = await ctx.users.setAvatar(member.id, body.path);
      // Another member's upload is answered like a missing one: its existence is not theirs to learn.
      if (result === 'not-found') throw badRequest('头像图片不存在，请重新上传');
      if (result === 'not-square') throw badRequest('头像须为正方形图片');
      return toUserInfo(result);
    },
  );

  endpoint(
    MEMBER_API.userQrcode,
    {
      summary:
        "Issues the member's account card: a code to show as a QR code that restores the account on another device (login/card). Only its hash is kept, so it is shown once; the previous card stops working",
      auth: 'required',
      changes: true,
      body: EmptyBody,
      answer: AccountCard,
      answerName: 'AccountCard',
    },
    async ({ user }) => {
      const member = memberOf(user);
      const { code, hash } = newCardCode();
      const issuedAt = found(await ctx.users.issueCard(member.id, hash), '用户不存在');
      return { code, issuedAt: new Date(issuedAt).toISOString() };
    },
  );

  endpoint(
    MEMBER_API.userQrcodeInfo,
    {
      summary:
        "Whose account an account card restores (nickname, avatar, the account name's ends), to confirm before login/card; misses are limited per address",
      auth: 'required',
      body: AccountCardBody,
      answer: AccountCardInfo,
      answerName: 'AccountCardInfo',
    },
    async (request) => {
      const member = await memberByCard(ctx, request.body.code, request.ip);
      return {
        nickname: member.nickname,
        avatar: member.avatar,
        account: maskAccount(member.account ?? ''),
        issuedAt: new Date(member.card_issued_at!).toISOString(),
      };
    },
  );

  endpoint(
    MEMBER_API.userShareqr,
    {
      summary: "The member's invite code: the link /?pc=CODE brings a guest whose sign-up earns the member points, once per new member",
      auth: 'required',
      body: EmptyBody,
      answer: ShareInfo,
      answerName: 'ShareInfo',
    },
    async ({ user }) => ({ code: inviteCodeOf(memberOf(user).id), points: INVITE_POINTS }),
  );

  endpoint(
    MEMBER_API.inviteList,
    {
      summary: 'The members who signed up through the caller’s invite link, newest first',
      auth: 'required',
      body: InviteListBody,
      ...pageAnswer(Invitee, 'Invitee'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, limit) => ctx.members.invitees(member.id, offset, limit));
    },
  );

  endpoint(
    MEMBER_API.inviteIncome,
    {
      summary: 'How many members the caller invited and the points it earned',
      auth: 'required',
      body: EmptyBody,
      answer: InviteIncome,
      answerName: 'InviteIncome',
    },
    async ({ user }) => ctx.members.inviteIncome(memberOf(user).id),
  );

  endpoint(
    MEMBER_API.onlineTime,
    {
      summary: `The member's time online today and in all; with active: true the page's heartbeat counts ${ONLINE_HEARTBEAT_SECONDS} s, at most once per ${ONLINE_HEARTBEAT_SECONDS} s however many race`,
      auth: 'required',
      body: OnlineTimeBody,
      answer: OnlineTime,
      answerName: 'OnlineTime',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const today = localDay(new Date(), ctx.config.timeZone);
      if (body.active) await ctx.members.heartbeat(member.id, today, ONLINE_HEARTBEAT_SECONDS);
      return ctx.members.onlineTime(member.id, today);
    },
  );

  endpoint(
    MEMBER_API.isCert,
    { summary: 'Whether operators certified the member', auth: 'required', body: EmptyBody, answer: CertStatus, answerName: 'CertStatus' },
    async ({ user }) => {
      const member = memberOf(user);
      return { certified: member.certified_at !== null, certifiedAt: member.certified_at ? new Date(member.certified_at).toISOString() : null };
    },
  );

  endpoint(
    MEMBER_API.workIncome,
    { summary: "Points the member's paid works earned", auth: 'required', body: EmptyBody, answer: WorksIncome, answerName: 'WorksIncome' },
    async ({ user }) => ctx.members.worksIncome(memberOf(user).id),
  );

  endpoint(
    API.changePassword,
    {
      summary:
        "Changes the member's password: the old one is required and its wrong tries are limited like sign-in's; every other session of the member ends at once, this one stays",
      auth: 'required',
      changes: true,
      body: ChangePasswordBody,
      answer: Type.Null(),
      answerName: 'null',
    },
    async (request) => {
      const member = memberOf(request.user);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      if (!oldPassword) throw badRequest('请输入原密码');
      if (!newPassword) throw badRequest('请输入新密码');
      if (newPassword !== confirmPassword) throw badRequest('两次密码不一致 请重新确认');
      if (textLength(newPassword) < PASSWORD_MIN) throw badRequest('密码不少于6位');
      if (newPassword === oldPassword) throw badRequest('新密码不能与原密码相同');
      if (!(await checkOwnPassword(ctx.stores.counter, member, oldPassword, request.ip))) throw new ApiError(CODES.AUTH_FAILED, '原密码错误');
      await ctx.users.setPasswordHash(member.id, await hashPassword(newPassword));
      await ctx.sessions.revokeOthers(member.id, tokenHash(request.token));
      return null;
    },
  );

  endpoint(
    API.logout,
    { summary: 'Revokes the token of this call', auth: 'required', changes: true, answer: Type.Null(), answerName: 'null' },
    async ({ token }) => {
      await ctx.sessions.revoke(tokenHash(token));
      return null;
    },
  );

  endpoint(
    MEMBER_API.scoreList,
    {
      summary: "The member's points history, newest first, with the balance after each change",
      auth: 'required',
      body: ScoreListBody,
      ...pageAnswer(ScoreEntry, 'ScoreEntry'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, limit) => ctx.members.scoreLog(member.id, offset, limit));
    },
  );

  endpoint(
    MEMBER_API.scoreRank,
    {
      summary: "The points leaderboard (members only; equal scores: who reached it first) and the caller's place",
      auth: 'required',
      body: ScoreRankBody,
      answer: ScoreRank,
      answerName: 'ScoreRank',
    },
    async ({ body, user }) => ctx.members.rank(memberOf(user).id, body.limit ?? RANK_LIMIT),
  );

  endpoint(
    MEMBER_API.userTitle,
    { summary: "The member's points, title and the next title", auth: 'required', body: EmptyBody, answer: UserTitle, answerName: 'UserTitle' },
    // The session's lookup read the user's row, points included, for this very call.
    async ({ user }) => titleOf(memberOf(user).score),
  );

  endpoint(
    MEMBER_API.historySync,
    {
      summary: `Merges a device's watch history with the member's (the newest watch of each video wins; a clear drops every watch up to its time on all devices); answers the merged history, newest ${HISTORY_SYNC_MAX} first`,
      auth: 'required',
      changes: true,
      body: HistorySyncBody,
      answer: HistorySync,
      answerName: 'HistorySync',
    },
    async ({ body, user }) => ctx.history.sync(memberOf(user).id, body.items, body.clearedAt ?? null),
  );

  endpoint(
    MEMBER_API.lockCodeSet,
    {
      summary: `Sets the lock-screen passcode (4 to 6 digits) or removes it (''); changing or removing one needs the current passcode, whose wrong tries are limited (${MAX_LOCK_CODE_TRIES} per ${LOCK_CODE_WINDOW_MS / 60_000} minutes). Answers what the member's devices need to check it offline`,
      auth: 'required',
      changes: true,
      body: LockCodeBody,
      answer: LockCode,
      answerName: 'LockCode',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      if (body.code !== '' && !LOCK_CODE_PATTERN.test(body.code)) throw badRequest('锁屏密码为4到6位数字');
      if (member.lock_hash !== null) {
        if (!body.oldCode) throw badRequest('请输入当前锁屏密码');
        if (!(await checkLockCode(ctx.stores.counter, member, body.oldCode))) throw new ApiError(CODES.AUTH_FAILED, '当前锁屏密码错误');
      } else if (body.code === '') throw badRequest('尚未设置锁屏密码');
      const row = await ctx.users.setLockCode(member.id, body.code === '' ? null : await newLockCode(body.code));
      return lockCodeOf(found(row, '用户不存在'));
    },
  );

  endpoint(
    MEMBER_API.lockCodeInfo,
    {
      summary: "The member's lock-screen passcode as their devices check it offline",
      auth: 'required',
      body: EmptyBody,
      answer: LockCode,
      answerName: 'LockCode',
    },
    async ({ user }) => lockCodeOf(memberOf(user)),
  );

  endpoint(
    MEMBER_API.accountExport,
    {
      summary: `Everything the member's account holds as one JSON document: profile, favourites, follows, watch history, posts, comments, points and their history, check-ins, invites and time online (each list the newest ${EXPORT_LIST_MAX})`,
      auth: 'required',
      body: EmptyBody,
      answer: AccountExport,
      answerName: 'AccountExport',
    },
    async ({ user }) => found(await ctx.accountData.export(memberOf(user).id), '用户不存在'),
  );

  endpoint(
    MEMBER_API.accountDelete,
    {
      summary:
        "Deletes the member's account, confirmed by the password (its wrong tries limited like sign-in's) or, for a member who signed up by phone and has none, by a code sent to the bound phone (purpose delete). Every token of the member stops working; their comments, posts and reviews stay under 已注销用户; favourites, follows, history, points, check-ins, messages and their avatar go",
      auth: 'required',
      changes: true,
      body: DeleteAccountBody,
      answer: Type.Null(),
      answerName: 'null',
    },
    async (request) => {
      const member = memberOf(request.user);
      const { password, code } = request.body;
      if (member.password_hash) {
        if (!password) throw badRequest('请输入密码');
        if (!(await checkOwnPassword(ctx.stores.counter, member, password, request.ip))) throw new ApiError(CODES.AUTH_FAILED, '密码错误');
      } else if (member.mobile) {
        if (!code) throw badRequest('请输入验证码');
        await useCaptcha(ctx.captchas, member.mobile, 'delete', code);
      } else throw badRequest('账号无法验证，请联系客服');
      const removed = found(await ctx.accountData.deleteMember(member.id), '用户不存在');
      const imgDir = join(ctx.config.mediaDir, 'img');
      await Promise.all(removed.avatars.map((path) => removeImageSet(imgDir, path)));
      return null;
    },
  );
}
