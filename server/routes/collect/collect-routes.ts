import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type CollectBody, type CollectListBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { actressItem, envelopeOf, pageOf, pagingProperties, signedHeaders, videoItem } from '../schemas.ts';

/** Videos are favourited (contentType 2) and creators followed (8); other types are refused by the schema. */
const contentType = { type: 'integer', enum: [2, 8], description: '2: video (favourite), 8: creator (follow)' };

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
        config: { auth: 'required', changes: true },
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
        const { id, contentType: type } = request.body;
        const kind = type === 8 ? 8 : 2;
        const state = add ? await ctx.collects.add(userId, id, kind) : await ctx.collects.del(userId, id, kind);
        if (!state) throw notFound(kind === 8 ? '演员不存在' : '视频不存在');
        // A video's detail carries its favourite count, and every detail its creators' fan counts.
        if (kind === 2) ctx.caches.videoDetail.delete(id);
        else ctx.caches.videoDetail.clear();
        return okEnvelope(ctx, state);
      },
    );
  }

  api.post<{ Body: CollectListBody }>(
    CONTENT_API.collectList,
    {
      config: { auth: 'required' },
      schema: {
        summary: "The caller's favourite videos (contentType 2) or followed creators (8), newest first",
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
          200: envelopeOf(pageOf({ anyOf: [videoItem, actressItem] }), 'Page<VideoItem> or Page<ActressItem>'),
        },
      },
    },
    async (request) => {
      const { page, pageSize, contentType: type } = request.body;
      const offset = offsetOf(page, pageSize);
      if (type === 8) {
        const { ids, total } = await ctx.collects.actressIds(request.user!.id, offset, pageSize);
        return okEnvelope(ctx, pageResult(page, pageSize, { list: await ctx.content.actressesByIds(ids), total }));
      }
      return okEnvelope(ctx, pageResult(page, pageSize, await ctx.collects.videos(request.user!.id, offset, pageSize)));
    },
  );
}
