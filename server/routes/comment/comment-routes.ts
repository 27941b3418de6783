import type { Page } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { EnvelopeOf, PageOf } from '../../../protocol/contracts/common.ts';
import { CommentHotBody, CommentItem, CommentListBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';

export const HOT_COMMENTS = 5;

export async function commentRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const requireVideo = async (id: number) => {
    if (!(await ctx.catalogue.videoExists(id))) throw notFound('视频不存在');
  };

  api.post(
    CONTENT_API.commentList,
    {
      schema: {
        summary: "A video's comments, newest (latest) or most liked (hot) first",
        tags: ['comment'],
        headers: signedHeaders,
        body: CommentListBody,
        response: { 200: EnvelopeOf(PageOf(CommentItem), 'Page<CommentItem>') },
      },
    },
    async (request) => {
      const { id, page, pageSize, sort = 'latest' } = request.body;
      await requireVideo(id);
      const offset = (page - 1) * pageSize;
      const { list, total } = await ctx.comments.list(id, sort, offset, pageSize);
      const result: Page<CommentItem> = { list, page, pageSize, total, hasMore: offset + list.length < total };
      return okEnvelope(ctx, result);
    },
  );

  api.post(
    CONTENT_API.commentHot,
    {
      schema: {
        summary: `The ${HOT_COMMENTS} most liked comments of a video`,
        tags: ['comment'],
        headers: signedHeaders,
        body: CommentHotBody,
        response: { 200: EnvelopeOf(Type.Array(CommentItem), 'CommentItem[]') },
      },
    },
    async (request) => {
      await requireVideo(request.body.id);
      const { list } = await ctx.comments.list(request.body.id, 'hot', 0, HOT_COMMENTS);
      return okEnvelope(ctx, list);
    },
  );
}
