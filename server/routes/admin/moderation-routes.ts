import { ADMIN_API, FEEDBACK_ANSWER_MAX, MODERATION_KIND_NAMES, MODERATION_REASON_MAX, type ModerationKind } from '../../../protocol/admin-api.ts';
import {
  ApproveBody,
  CommentHidden,
  CommentHideBody,
  Decision,
  FeedbackAnswerBody,
  FeedbackAnswered,
  FeedbackEntry,
  FeedbackListBody,
  MemberInfo,
  MemberRefBody,
  MemberStatus,
  PendingItem,
  PendingListBody,
  RejectBody,
  ReportCloseBody,
  ReportClosed,
  ReportEntry,
  ReportListBody,
  SuspendBody,
} from '../../../protocol/contracts/admin.ts';
import { PageOf } from '../../../protocol/contracts/common.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import type { DecisionMove, DecisionOutcome } from '../../db/repositories/moderation.ts';
import type { Actor } from '../../db/repositories/operators.ts';
import { clearVideoCaches } from '../../jobs/work-transcode.ts';
import { ApiError, notFound } from '../../plugins/api-error.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';
import { adminEndpoints } from './admin-endpoint.ts';
import { MEMBER_TIPS, memberOfRef, plainText } from './member-ref.ts';

const STATUS_NAMES: Record<string, string> = {
  pending: '待审核',
  published: '已发布',
  rejected: '未通过或已下架',
  hidden: '已隐藏',
  open: '待处理',
  resolved: '已处理',
  dismissed: '已驳回',
  new: '待回复',
  answered: '已回复',
};

export const MODERATION_TIPS = {
  decided: (kind: ModerationKind, status: string) => `该${MODERATION_KIND_NAMES[kind]}已处理过（${STATUS_NAMES[status] ?? status}）`,
  notPublished: (kind: ModerationKind, status: string) => `该${MODERATION_KIND_NAMES[kind]}不是已发布状态（${STATUS_NAMES[status] ?? status}），不能下架`,
  missing: (kind: ModerationKind) => `${MODERATION_KIND_NAMES[kind]}不存在`,
  commentMissing: '评论不存在',
  commentHidden: '该评论已隐藏',
  reportMissing: '举报不存在',
  reportClosed: (status: string) => `该举报已处理过（${STATUS_NAMES[status] ?? status}）`,
  feedbackMissing: '反馈不存在',
  feedbackAnswered: '该反馈已回复过',
  operatorSuspend: '不能停用运营账号，请先撤销其运营权限',
} as const;

/**
 * Moderation (issue 14): the queues of pending posts, works and reviews and of reports; decisions
 * with the author's notice; hidden comments; feedback answers; suspending and restoring members.
 * Each change is one transaction with its audit row (repositories/moderation.ts).
 */
export async function moderationRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const admin = adminEndpoints(api, ctx);

  /** After a decision: the caches that showed (or hid) the item. */
  const afterDecision = (kind: ModerationKind, videoId: number | null) => {
    if (kind === 'work') clearVideoCaches(ctx, videoId);
    else if (kind === 'review' && videoId !== null) ctx.caches.videoDetail.delete(videoId);
    // Search answers carry posts (and work videos), cached for seconds.
    ctx.caches.search.clear();
  };

  const decide = async (operator: Actor, move: DecisionMove, kind: ModerationKind, id: number, reason: string | null): Promise<Decision> => {
    const outcome: DecisionOutcome = await ctx.moderation.decide(operator, move, kind, id, reason);
    if ('refused' in outcome) {
      if (outcome.refused === 'not-found') throw notFound(MODERATION_TIPS.missing(kind));
      throw new ApiError(
        CODES.ALREADY_DONE,
        move === 'takedown' ? MODERATION_TIPS.notPublished(kind, outcome.status) : MODERATION_TIPS.decided(kind, outcome.status),
      );
    }
    afterDecision(kind, outcome.videoId);
    const { videoId: _videoId, ...decision } = outcome;
    return decision;
  };

  admin(
    ADMIN_API.moderatePending,
    {
      summary:
        'Posts, works and reviews waiting for a decision (held by MD_HOLD_POSTS), oldest first, of one kind or all, each with its author and the start of its text',
      body: PendingListBody,
      answer: PageOf(PendingItem),
      answerName: 'Page<PendingItem>',
    },
    async ({ body }) => pageOf(body, (offset, size) => ctx.moderation.pending(body.kind, offset, size)),
  );

  admin(
    ADMIN_API.moderateApprove,
    {
      summary:
        'Publishes a pending post, work or review; its author gets a notice under 公告. Of racing decisions on one item one is made: the others answer 1010',
      body: ApproveBody,
      answer: Decision,
      answerName: 'Decision',
      changes: true,
    },
    async ({ body, operator }) => decide(operator, 'approve', body.kind, body.id, null),
  );

  admin(
    ADMIN_API.moderateReject,
    {
      summary: `Rejects a pending post, work or review with a reason (up to ${MODERATION_REASON_MAX} characters) that its author reads in a notice under 公告 (and beside the item in their own lists); its open reports close. Of racing decisions one is made: the others answer 1010`,
      body: RejectBody,
      answer: Decision,
      answerName: 'Decision',
      changes: true,
    },
    async ({ body, operator }) => decide(operator, 'reject', body.kind, body.id, plainText(body.reason, MODERATION_REASON_MAX, '原因')),
  );

  admin(
    ADMIN_API.moderateTakedown,
    {
      summary: `Takes a published post, work or review down (it becomes rejected) with a reason its author reads under 公告; its open reports close. 1010 when it is not published`,
      body: RejectBody,
      answer: Decision,
      answerName: 'Decision',
      changes: true,
    },
    async ({ body, operator }) => decide(operator, 'takedown', body.kind, body.id, plainText(body.reason, MODERATION_REASON_MAX, '原因')),
  );

  admin(
    ADMIN_API.commentHide,
    {
      summary:
        'Hides a comment or reply from every list and count, for everyone (a top-level comment takes its replies with it); its author gets a notice under 公告 with the reason, and its open reports close. 1010 when already hidden',
      body: CommentHideBody,
      answer: CommentHidden,
      answerName: 'CommentHidden',
      changes: true,
    },
    async ({ body, operator }) => {
      const reason = body.reason === undefined ? null : plainText(body.reason, MODERATION_REASON_MAX, '原因');
      const outcome = await ctx.moderation.hideComment(operator, body.id, reason);
      if ('refused' in outcome) {
        if (outcome.refused === 'not-found') throw notFound(MODERATION_TIPS.commentMissing);
        throw new ApiError(CODES.ALREADY_DONE, MODERATION_TIPS.commentHidden);
      }
      if (outcome.videoId !== null) ctx.caches.videoDetail.delete(outcome.videoId);
      const { videoId: _videoId, ...hidden } = outcome;
      return hidden;
    },
  );

  admin(
    ADMIN_API.reportList,
    {
      summary:
        "Reports of one status (open unless named): open ones oldest first, closed ones newest first, each with its target's title or text, whether members still see it, the reason and the reporter",
      body: ReportListBody,
      answer: PageOf(ReportEntry),
      answerName: 'Page<ReportEntry>',
    },
    async ({ body }) => pageOf(body, (offset, size) => ctx.moderation.reports(body.status ?? 'open', offset, size)),
  );

  for (const [path, status] of [
    [ADMIN_API.reportResolve, 'resolved'],
    [ADMIN_API.reportDismiss, 'dismissed'],
  ] as const) {
    admin(
      path,
      {
        summary: `Closes an open report as ${status} with an optional note; 1010 when it was closed already`,
        body: ReportCloseBody,
        answer: ReportClosed,
        answerName: 'ReportClosed',
        changes: true,
      },
      async ({ body, operator }) => {
        const note = body.note === undefined ? null : plainText(body.note, MODERATION_REASON_MAX, '备注');
        const outcome = await ctx.moderation.closeReport(operator, body.id, status, note);
        if ('refused' in outcome) {
          if (outcome.refused === 'not-found') throw notFound(MODERATION_TIPS.reportMissing);
          throw new ApiError(CODES.ALREADY_DONE, MODERATION_TIPS.reportClosed(outcome.status));
        }
        return outcome;
      },
    );
  }

  admin(
    ADMIN_API.feedbackList,
    {
      summary:
        'Feedback of one status (new unless named): new ones oldest first, answered ones newest answer first, with the sender, category, contact and screenshots',
      body: FeedbackListBody,
      answer: PageOf(FeedbackEntry),
      answerName: 'Page<FeedbackEntry>',
    },
    async ({ body }) => pageOf(body, (offset, size) => ctx.moderation.feedback(body.status ?? 'new', offset, size)),
  );

  admin(
    ADMIN_API.feedbackAnswer,
    {
      summary: `Answers a new feedback (up to ${FEEDBACK_ANSWER_MAX} characters): the sender gets a notice under 公告 with their words and the answer, and the export of their data carries it. 1010 when it was answered already`,
      body: FeedbackAnswerBody,
      answer: FeedbackAnswered,
      answerName: 'FeedbackAnswered',
      changes: true,
    },
    async ({ body, operator }) => {
      const outcome = await ctx.moderation.answerFeedback(operator, body.id, plainText(body.answer, FEEDBACK_ANSWER_MAX, '回复'));
      if ('refused' in outcome) {
        if (outcome.refused === 'not-found') throw notFound(MODERATION_TIPS.feedbackMissing);
        throw new ApiError(CODES.ALREADY_DONE, MODERATION_TIPS.feedbackAnswered);
      }
      return outcome;
    },
  );

  admin(
    ADMIN_API.memberShow,
    {
      summary: "One member's account: whether an operator, whether suspended (since when, why), live sessions",
      body: MemberRefBody,
      answer: MemberInfo,
      answerName: 'MemberInfo',
    },
    async ({ body }) => memberOfRef(ctx, body),
  );

  admin(
    ADMIN_API.memberSuspend,
    {
      summary:
        'Suspends a member with a reason: every session of theirs answers 1000 at once on every instance (the session check reads the account, never a cached copy) and signing in answers 1011 账号已被停用. An operator cannot be suspended (revoke the role first)',
      body: SuspendBody,
      answer: MemberStatus,
      answerName: 'MemberStatus',
      changes: true,
    },
    async ({ body, operator }) => {
      const member = await memberOfRef(ctx, body);
      const outcome = await ctx.moderation.suspend(operator, member.id, plainText(body.reason, MODERATION_REASON_MAX, '原因'));
      if ('refused' in outcome) {
        if (outcome.refused === 'not-found') throw notFound(MEMBER_TIPS.noMember);
        throw new ApiError(CODES.FORBIDDEN, MODERATION_TIPS.operatorSuspend);
      }
      return outcome;
    },
  );

  admin(
    ADMIN_API.memberRestore,
    {
      summary: "Lifts a member's suspension: their unexpired sessions work again and they can sign in",
      body: MemberRefBody,
      answer: MemberStatus,
      answerName: 'MemberStatus',
      changes: true,
    },
    async ({ body, operator }) => {
      const member = await memberOfRef(ctx, body);
      const outcome = await ctx.moderation.restore(operator, member.id);
      if ('refused' in outcome) throw notFound(MEMBER_TIPS.noMember);
      return outcome;
    },
  );
}
