import { Type } from 'typebox';
import { CommentHotBody, CommentItem, CommentListBody, MyComment, MyCommentsBody } from '../../../protocol/contracts/content.ts';
import { memberOf } from '../../plugins/auth.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

export const HOT_COMMENTS = 5;

export async function commentRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'comment');
  const requireVideo = async (id: number) => {
    if (!(await ctx.catalogue.videoExists(id))) throw notFound('视频不存在');
  };

  endpoint(
    CONTENT_API.commentList,
    {
      summary: "A video's comments, newest (latest) or most liked (hot) first",
      body: CommentListBody,
      ...pageAnswer(CommentItem, 'CommentItem'),
    },
    async ({ body }) => {
      await requireVideo(body.id);
      return pageOf(body, (offset, limit) => ctx.comments.list(body.id, body.sort ?? 'latest', offset, limit));
    },
  );

  endpoint(
    CONTENT_API.commentHot,
    { summary: `The ${HOT_COMMENTS} most liked comments of a video`, body: CommentHotBody, answer: Type.Array(CommentItem), answerName: 'CommentItem[]' },
    async ({ body }) => {
      await requireVideo(body.id);
      return (await ctx.comments.list(body.id, 'hot', 0, HOT_COMMENTS)).list;
    },
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
      return pageOf(body, (offset, limit) => ctx.comments.mine(member.id, offset, limit));
    },
  );
}
