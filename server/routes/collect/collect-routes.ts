import type { FastifyInstance } from 'fastify';
import type { Page, VideoItem } from '../../../protocol/api.ts';
import { CONTENT_API, type CollectBody, type CollectListBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, pageOf, pagingProperties, signedHeaders, videoItem } from '../schemas.ts';

/** Favourites exist for videos (contentType 2) so far; other types are refused by the schema. */
const contentType = { type: 'integer', enum: [2], description: '2: video' };

const collectBody = {
  type: 'object',
  required: ['id', 'contentType'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, contentType },
};

const collectState = {
  type: 'object',
  properties: { isCollect: { type: 'boolean' }, collectCount: { type: 'integer' } },
};

export async function collectRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [path, add] of [
    [CONTENT_API.collectAdd, true],
    [CONTENT_API.collectDel, false],
  ] as const) {
    api.post<{ Body: CollectBody }>(
      path,
      {
        config: { auth: 'required' },
        schema: {
          summary: add ? 'Adds a favourite; adding twice changes nothing' : 'Removes a favourite; removing twice changes nothing',
          tags: ['collect'],
          headers: signedHeaders,
          body: collectBody,
          response: { 200: envelopeOf(collectState, 'CollectState') },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const state = add ? await ctx.collects.add(userId, request.body.id) : await ctx.collects.del(userId, request.body.id);
        if (!state) throw notFound('视频不存在');
        return okEnvelope(ctx, state);
      },
    );
  }

  api.post<{ Body: CollectListBody }>(
    CONTENT_API.collectList,
    {
      config: { auth: 'required' },
      schema: {
        summary: "The caller's favourites, newest first",
        tags: ['collect'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['contentType', 'page', 'pageSize'],
          additionalProperties: false,
          properties: {
            contentType,
            ...pagingProperties,
          },
        },
        response: {
          200: envelopeOf(pageOf(videoItem), 'Page<VideoItem>'),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      const offset = (page - 1) * pageSize;
      const { list, total } = await ctx.collects.videos(request.user!.id, offset, pageSize);
      const result: Page<VideoItem> = { list, page, pageSize, total, hasMore: offset + list.length < total };
      return okEnvelope(ctx, result);
    },
  );
}
