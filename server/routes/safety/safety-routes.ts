import { textLength } from '../../../protocol/account.ts';
import { BlockBody, BlockedMember, BlocklistBody, BlockState, ReportAddBody, ReportReceipt } from '../../../protocol/contracts/safety.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { REPORT_DETAIL_MAX, REPORT_REASON_OTHER, REPORT_TARGETS, SAFETY_API, type ReportTarget } from '../../../protocol/safety-api.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

/** Reports one member may file in REPORT_WINDOW_MS (a repeat of an open report gives its count back). */
export const REPORTS_PER_WINDOW = 20;
export const REPORT_WINDOW_MS = 10 * 60_000;

/** The counter key of a member's report limit (tests release it on a shared Redis). */
export const reportCounterKey = (userId: number) => `report:add:${userId}`;

const MISSING: Record<ReportTarget, string> = { video: '视频不存在', post: '帖子不存在', comment: '评论不存在', review: '影评不存在' };

export const REPORT_TIPS = {
  needDetail: '请填写举报说明',
  tooLong: `举报说明不能超过${REPORT_DETAIL_MAX}字`,
  own: '不能举报自己的内容',
  tooFast: '举报太频繁，请稍后再试',
} as const;

export const BLOCK_TIPS = {
  self: '不能屏蔽自己',
  noUser: '用户不存在',
} as const;

/**
 * Reporting (report/add) and blocking (user/block, user/unblock, user/blocklist), all ours and
 * members only. What a block hides is enforced where the lists are read (comments, posts, search).
 */
export async function safetyRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const report = endpoints(api, ctx, 'report');
  const user = endpoints(api, ctx, 'user');

  report(
    SAFETY_API.reportAdd,
    {
      summary: `Reports a ${REPORT_TARGETS.join(', ')} to the operators with a reason code and an optional plain-text detail (up to ${REPORT_DETAIL_MAX} characters; required for other); members only, one open report per member and target (a repeat answers the first with duplicate true), ${REPORTS_PER_WINDOW} every ${REPORT_WINDOW_MS / 60_000} minutes. The target must be visible; one's own content cannot be reported`,
      auth: 'required',
      changes: true,
      body: ReportAddBody,
      answer: ReportReceipt,
      answerName: 'ReportReceipt',
    },
    async ({ body, user: caller }) => {
      const member = memberOf(caller);
      const detail = body.detail?.trim() ?? '';
      if (textLength(detail) > REPORT_DETAIL_MAX) throw badRequest(REPORT_TIPS.tooLong);
      if (body.reason === REPORT_REASON_OTHER && !detail) throw badRequest(REPORT_TIPS.needDetail);
      const key = reportCounterKey(member.id);
      if ((await ctx.stores.counter.hit(key, REPORT_WINDOW_MS)) > REPORTS_PER_WINDOW) throw new ApiError(CODES.TOO_MANY, REPORT_TIPS.tooFast);
      const outcome = await ctx.safety.addReport({ reporterId: member.id, targetType: body.targetType, targetId: body.targetId, reason: body.reason, detail });
      if (outcome === 'no-target') throw notFound(MISSING[body.targetType]);
      if (outcome === 'own') throw badRequest(REPORT_TIPS.own);
      // A repeat stored nothing: it does not count against the member.
      if (outcome.duplicate) await ctx.stores.counter.release(key);
      return { id: outcome.id, status: 'open' as const, createdAt: outcome.createdAt, duplicate: outcome.duplicate };
    },
  );

  user(
    SAFETY_API.userBlock,
    {
      summary:
        "Blocks a member: their posts and comments are left out of the caller's lists (the discussion feed, 猜你喜欢, post search, comments and replies), and they can no longer reply to the caller's comments nor comment on the caller's posts and reviews. Blocking again changes nothing; members only, never oneself",
      auth: 'required',
      changes: true,
      body: BlockBody,
      answer: BlockState,
      answerName: 'BlockState',
    },
    async ({ body, user: caller }) => {
      const member = memberOf(caller);
      if (body.userId === member.id) throw badRequest(BLOCK_TIPS.self);
      if (!(await ctx.safety.block(member.id, body.userId))) throw notFound(BLOCK_TIPS.noUser);
      return { userId: body.userId, blocked: true };
    },
  );

  user(
    SAFETY_API.userUnblock,
    {
      summary: "Takes the caller's block of a member back (nothing to take back is fine); members only",
      auth: 'required',
      changes: true,
      body: BlockBody,
      answer: BlockState,
      answerName: 'BlockState',
    },
    async ({ body, user: caller }) => {
      const member = memberOf(caller);
      if (body.userId === member.id) throw badRequest(BLOCK_TIPS.self);
      if (!(await ctx.safety.unblock(member.id, body.userId))) throw notFound(BLOCK_TIPS.noUser);
      return { userId: body.userId, blocked: false };
    },
  );

  user(
    SAFETY_API.userBlocklist,
    {
      summary: 'The members the caller blocked, newest first, each with their nickname and avatar; members only',
      auth: 'required',
      body: BlocklistBody,
      ...pageAnswer(BlockedMember, 'BlockedMember'),
    },
    async ({ body, user: caller }) => {
      const member = memberOf(caller);
      return pageOf(body, (offset, size) => ctx.safety.blocklist(member.id, offset, size));
    },
  );
}
