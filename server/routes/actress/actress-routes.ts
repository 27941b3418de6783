import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type ActressListBody, type ActressWorksBody, type IdBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';
import { actressDetail, actressItem, envelopeOf, idBody, optionalId, pageOf, pagingProperties, signedHeaders, sortProperty, videoItem } from '../schemas.ts';

export async function actressRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: ActressListBody }>(
    CONTENT_API.actressList,
    {
      schema: {
        summary: 'One page of creators, optionally those carrying a tag (tid) or any tag of a tag category (tagCateId)',
        tags: ['actress'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['page', 'pageSize'],
          additionalProperties: false,
          properties: { ...pagingProperties, tid: optionalId, tagCateId: optionalId, sort: sortProperty },
        },
        response: { 200: envelopeOf(pageOf(actressItem), 'Page<ActressItem>') },
      },
    },
    async (request) => {
      const { page, pageSize, tid, tagCateId, sort = 'latest' } = request.body;
      await checkTagFilter(ctx, tid, tagCateId, false);
      const paged = await ctx.content.actressList({ tid, tagCateId, sort, offset: offsetOf(page, pageSize), limit: pageSize });
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post<{ Body: IdBody }>(
    CONTENT_API.actressDetail,
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A creator with cover, bio, tags and whether the caller follows them',
        tags: ['actress'],
        headers: signedHeaders,
        body: idBody,
        response: { 200: envelopeOf(actressDetail, 'ActressDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.content.actressDetail(request.body.id, request.user?.id ?? null);
      if (!detail) throw notFound('演员不存在');
      return okEnvelope(ctx, detail);
    },
  );

  api.post<{ Body: ActressWorksBody }>(
    CONTENT_API.actressWorks,
    {
      schema: {
        summary: "One page of a creator's videos",
        tags: ['actress'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['id', 'page', 'pageSize'],
          additionalProperties: false,
          properties: { id: idBody.properties.id, ...pagingProperties, sort: sortProperty },
        },
        response: { 200: envelopeOf(pageOf(videoItem), 'Page<VideoItem>') },
      },
    },
    async (request) => {
      const { id, page, pageSize, sort = 'latest' } = request.body;
      if (!(await ctx.content.actressExists(id))) throw notFound('演员不存在');
      const paged = await ctx.content.actressWorks(id, sort, offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );
}
