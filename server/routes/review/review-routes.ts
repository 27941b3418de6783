import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type IdBody, type PageBody, type ReviewListBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { envelopeOf, idBody, optionalId, pageOf, pagingProperties, reviewDetail, reviewItem, signedHeaders, sortProperty } from '../schemas.ts';

export async function reviewRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: ReviewListBody }>(
    CONTENT_API.reviewList,
    {
      schema: {
        summary: 'One page of reviews, optionally of one tag (tid) or one video (videoId)',
        tags: ['review'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['page', 'pageSize'],
          additionalProperties: false,
          properties: { ...pagingProperties, sort: sortProperty, tid: optionalId, videoId: optionalId },
        },
        response: { 200: envelopeOf(pageOf(reviewItem), 'Page<ReviewItem>') },
      },
    },
    async (request) => {
      const { page, pageSize, sort = 'latest', tid, videoId } = request.body;
      if (tid !== undefined && !(await ctx.content.tag(tid))) throw notFound('标签不存在');
      if (videoId !== undefined && !(await ctx.catalogue.videoExists(videoId))) throw notFound('视频不存在');
      const paged = await ctx.content.reviewList({ tid, videoId }, sort, offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post<{ Body: PageBody }>(
    CONTENT_API.reviewSelected,
    {
      schema: {
        summary: 'One page of selected reviews (精选), most liked first',
        tags: ['review'],
        headers: signedHeaders,
        body: { type: 'object', required: ['page', 'pageSize'], additionalProperties: false, properties: pagingProperties },
        response: { 200: envelopeOf(pageOf(reviewItem), 'Page<ReviewItem>') },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      const paged = await ctx.content.reviewList({ selected: true }, 'hot', offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post<{ Body: IdBody }>(
    CONTENT_API.reviewDetail,
    {
      schema: {
        summary: 'A review with its full text (plain text, never HTML) and tags',
        tags: ['review'],
        headers: signedHeaders,
        body: idBody,
        response: { 200: envelopeOf(reviewDetail, 'ReviewDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.content.reviewDetail(request.body.id);
      if (!detail) throw notFound('影评不存在');
      return okEnvelope(ctx, detail);
    },
  );
}
