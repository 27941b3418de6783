import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { UserInfo } from '../../../protocol/contracts/app.ts';
import { EmptyBody } from '../../../protocol/contracts/common.ts';
import { ScoreEntry, ScoreListBody, ScoreRank, ScoreRankBody, UserTitle } from '../../../protocol/contracts/member.ts';
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
}
