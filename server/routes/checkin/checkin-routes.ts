import { EmptyBody } from '../../../protocol/contracts/common.ts';
import { CheckinBody, CheckinOverview, CheckinResult, PrizeClaimBody } from '../../../protocol/contracts/member.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { MEMBER_API } from '../../../protocol/member-api.ts';
import type { AppContext } from '../../context.ts';
import { localDay } from '../../jobs/local-day.ts';
import { ApiError, badRequest, notFound } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';

/** Daily check-in and its streak prizes (members only; days in MD_TIME_ZONE). */
export async function checkinRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'checkin');
  const today = () => localDay(new Date(), ctx.config.timeZone);

  endpoint(
    MEMBER_API.checkinPrize,
    {
      summary: "The check-in calendar of a month (default: this month): checked days, streak, points and the month's prizes",
      auth: 'required',
      body: CheckinBody,
      answer: CheckinOverview,
      answerName: 'CheckinOverview',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const now = today();
      // The pattern allows year 0000, which no calendar has.
      if (body.month?.startsWith('0000')) throw badRequest('参数错误: month');
      return ctx.members.overview(member.id, now, body.month ?? now.slice(0, 7));
    },
  );

  endpoint(
    MEMBER_API.checkinClick,
    {
      summary: "Today's check-in: once per day (1010 the second time), however many arrive at once",
      auth: 'required',
      changes: true,
      body: EmptyBody,
      answer: CheckinResult,
      answerName: 'CheckinResult',
    },
    async ({ user }) => {
      const member = memberOf(user);
      const day = today();
      const outcome = await ctx.members.checkIn(member.id, day);
      if (!outcome.done) throw new ApiError(CODES.ALREADY_DONE, '今天已经签到过了');
      return { earned: outcome.earned, overview: await ctx.members.overview(member.id, day, day.slice(0, 7)) };
    },
  );

  endpoint(
    MEMBER_API.checkinGave,
    {
      summary: "Claims a streak prize of this month: once per month (1010 the second time), 1007 while the month's run is too short",
      auth: 'required',
      changes: true,
      body: PrizeClaimBody,
      answer: CheckinOverview,
      answerName: 'CheckinOverview',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const day = today();
      const outcome = await ctx.members.claimPrize(member.id, body.id, day);
      if (outcome === 'unknown') throw notFound('奖励不存在');
      if (outcome === 'not-reached') throw new ApiError(CODES.FORBIDDEN, '连续签到天数还不够');
      if (outcome === 'already-claimed') throw new ApiError(CODES.ALREADY_DONE, '这个奖励已经领过了');
      return ctx.members.overview(member.id, day, day.slice(0, 7));
    },
  );
}
