import type { FastifyInstance } from 'fastify';
import type { Page } from '../../../protocol/api.ts';
import { CONTENT_API, type CommentItem, type CommentListBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, pageOf, pagingProperties, signedHeaders } from '../schemas.ts';

export const HOT_COMMENTS = 5;

const commentItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    content: { type: 'string', description: 'plain text' },
    user: { type: 'object', properties: { id: { type: 'integer' }, nickname: { type: 'string' }, avatar: { type: 'string' } } },
    likeCount: { type: 'integer' },
    replyCount: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

const target = {
  id: { type: 'integer', minimum: 1, maximum: 2147483647 },
  contentType: { type: 'integer', enum: [2], description: '2: video' },
};

export async function commentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const requireVideo = async (id: number) => {
    if (!(await ctx.catalogue.videoExists(id))) throw notFound('视频不存在');
  };

  api.post<{ Body: CommentListBody }>(
    CONTENT_API.commentList,
    {
      schema: {
        summary: "A video's comments, newest (latest) or most liked (hot) first",
        tags: ['comment'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['id', 'contentType', 'page', 'pageSize'],
          additionalProperties: false,
          properties: {
            ...target,
            sort: { type: 'string', enum: ['latest', 'hot'] },
            ...pagingProperties,
          },
        },
        response: {
          200: envelopeOf(pageOf(commentItem), 'Page<CommentItem>'),
        },
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

  api.post<{ Body: { id: number; contentType: number } }>(
    CONTENT_API.commentHot,
    {
      schema: {
        summary: `The ${HOT_COMMENTS} most liked comments of a video`,
        tags: ['comment'],
        headers: signedHeaders,
        body: { type: 'object', required: ['id', 'contentType'], additionalProperties: false, properties: target },
        response: { 200: envelopeOf({ type: 'array', items: commentItem }, 'CommentItem[]') },
      },
    },
    async (request) => {
      await requireVideo(request.body.id);
      const { list } = await ctx.comments.list(request.body.id, 'hot', 0, HOT_COMMENTS);
      return okEnvelope(ctx, list);
    },
  );
}
