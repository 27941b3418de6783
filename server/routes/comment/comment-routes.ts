import { Type } from 'typebox';
import { textLength } from '../../../protocol/account.ts';
import {
  COMMENT_MAX,
  CommentAddBody,
  CommentConfirmBody,
  CommentHotBody,
  CommentItem,
  CommentListBody,
  CommentRepliesBody,
  CommentRules,
  CommentThread,
  CommentVoteBody,
  CommentVoteState,
  MyComment,
  MyCommentsBody,
} from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, found, notFound } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { CommentTarget } from '../../db/repositories/comments.ts';

export const HOT_COMMENTS = 5;

/** Comments and replies one member may write a minute, and votes they may cast a minute. */
export const COMMENTS_PER_MINUTE = 10;
export const VOTES_PER_MINUTE = 60;

/** The short replies a member can send with one tap (comment/quickReplay). */
export const QUICK_REPLIES = ['说得好！', '同感', '学到了', '感谢分享', '期待更新', '哈哈哈'];

const TARGET_MISSING: Record<CommentTarget, string> = { 2: '视频不存在', 3: '影评不存在', 5: '帖子不存在' };
export const RULES_TIP = '请先阅读并同意社区规范';
/** A member blocked by whom their comment would reach (user/block) cannot write it. */
export const BLOCKED_TIP = '对方已设置，无法回复';

/** Comments on videos, reviews and posts: reading, writing, replies, votes and the community rules (issue 12). */
export async function commentRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'comment');
  const requireTarget = async (contentType: CommentTarget, id: number) => {
    if (!(await ctx.comments.targetExists(contentType, id))) throw notFound(TARGET_MISSING[contentType]);
  };
  const limit = async (key: string, max: number) => {
    if ((await ctx.stores.counter.hit(key, 60_000)) > max) throw new ApiError(CODES.TOO_MANY, '操作太频繁，请稍后再试');
  };

  endpoint(
    CONTENT_API.commentList,
    {
      summary:
        "The top-level comments on a video, review or post, newest (latest) or most supported (hot) first, each with its oldest replies and the caller's votes; without the comments and replies of members the caller blocked",
      auth: 'optional',
      body: CommentListBody,
      ...pageAnswer(CommentThread, 'CommentThread'),
    },
    async ({ body, user }) => {
      await requireTarget(body.contentType, body.id);
      return pageOf(body, (offset, size) => ctx.comments.list(body.contentType, body.id, body.sort ?? 'latest', offset, size, user?.id ?? 0));
    },
  );

  endpoint(
    CONTENT_API.commentHot,
    {
      summary: `The ${HOT_COMMENTS} most supported comments of a video, review or post`,
      auth: 'optional',
      body: CommentHotBody,
      answer: Type.Array(CommentThread),
      answerName: 'CommentThread[]',
    },
    async ({ body, user }) => {
      await requireTarget(body.contentType, body.id);
      return (await ctx.comments.list(body.contentType, body.id, 'hot', 0, HOT_COMMENTS, user?.id ?? 0)).list;
    },
  );

  endpoint(
    CONTENT_API.commentReplies,
    { summary: 'The replies under one top-level comment, oldest first', auth: 'optional', body: CommentRepliesBody, ...pageAnswer(CommentItem, 'CommentItem') },
    async ({ body, user }) => pageOf(body, async (offset, size) => found(await ctx.comments.replies(body.id, offset, size, user?.id ?? 0), '评论不存在')),
  );

  endpoint(
    CONTENT_API.commentMine,
    {
      summary: "The member's own comments, newest first, each with the title of what it was written under",
      auth: 'required',
      body: MyCommentsBody,
      ...pageAnswer(MyComment, 'MyComment'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, size) => ctx.comments.mine(member.id, offset, size));
    },
  );

  endpoint(
    CONTENT_API.commentConfirm,
    {
      summary: 'Whether the member accepted the community rules; with agree true they accept them (once is enough)',
      auth: 'required',
      body: CommentConfirmBody,
      answer: CommentRules,
      answerName: 'CommentRules',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const at = body.agree ? await ctx.comments.confirmRules(member.id) : await ctx.comments.rules(member.id);
      return { confirmed: at !== null, confirmedAt: at ? new Date(at).toISOString() : null };
    },
  );

  endpoint(
    CONTENT_API.commentQuickReply,
    {
      summary: 'The short replies a member can send with one tap',
      body: Type.Object({}, { additionalProperties: false }),
      answer: Type.Array(Type.String()),
      answerName: 'string[]',
    },
    async () => QUICK_REPLIES,
  );

  endpoint(
    CONTENT_API.commentAdd,
    {
      summary: `Writes a comment (1 to ${COMMENT_MAX} characters of plain text) on a video, review or post, or with parentId a reply there; members who accepted the community rules only, ${COMMENTS_PER_MINUTE} a minute. The addressee of a reply, or the author of the review or post, gets a message; a member they blocked is refused`,
      auth: 'required',
      changes: true,
      body: CommentAddBody,
      answer: CommentItem,
      answerName: 'CommentItem',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      if (!member.rules_confirmed_at) throw new ApiError(CODES.FORBIDDEN, RULES_TIP);
      const content = body.content.trim();
      if (!content) throw badRequest('请输入评论内容');
      if (textLength(content) > COMMENT_MAX) throw badRequest(`评论不能超过${COMMENT_MAX}字`);
      await limit(`comment:add:${member.id}`, COMMENTS_PER_MINUTE);
      const outcome = await ctx.comments.add(
        { id: member.id, nickname: member.nickname, avatar: member.avatar },
        { contentType: body.contentType, id: body.id, content, parentId: body.parentId },
      );
      if (outcome === 'no-target') throw notFound(TARGET_MISSING[body.contentType]);
      if (outcome === 'no-parent') throw notFound('要回复的评论不存在');
      if (outcome === 'blocked') throw new ApiError(CODES.FORBIDDEN, BLOCKED_TIP);
      return outcome;
    },
  );

  endpoint(
    CONTENT_API.commentVote,
    {
      summary: `Supports (1), opposes (-1) or takes back (0) the member's vote on a comment: one vote per member, the counts exact under concurrent votes; ${VOTES_PER_MINUTE} a minute`,
      auth: 'required',
      changes: true,
      body: CommentVoteBody,
      answer: CommentVoteState,
      answerName: 'CommentVoteState',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      await limit(`comment:vote:${member.id}`, VOTES_PER_MINUTE);
      return found(await ctx.comments.vote(member.id, body.id, body.vote as 1 | -1 | 0), '评论不存在');
    },
  );
}
