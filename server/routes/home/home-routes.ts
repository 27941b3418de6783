import type { FastifyInstance } from 'fastify';
import { HOME_ID } from '../../../protocol/api.ts';
import { CONTENT_API, type HomeIndexBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, signedHeaders, videoItem } from '../schemas.ts';

export const BOX_SIZE = 6;
export const RANKING_SIZE = 10;

const videoRow = {
  type: 'object',
  properties: { id: { type: 'integer' }, title: { type: 'string' }, list: { type: 'array', items: videoItem } },
};

export async function homeRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: HomeIndexBody }>(
    CONTENT_API.homeIndex,
    {
      schema: {
        summary: `Banners, boxes and rankings above a category's list; categoryId ${HOME_ID} is home`,
        tags: ['home'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['categoryId'],
          additionalProperties: false,
          properties: { categoryId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: {
          200: envelopeOf(
            {
              type: 'object',
              properties: {
                banners: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      id: { type: 'integer' },
                      name: { type: 'string' },
                      bindType: { type: 'integer', minimum: 0, maximum: 6 },
                      bindInt: { type: 'integer' },
                      bindStr: { type: 'string' },
                      jumpType: { type: 'integer' },
                      contentType: { type: 'integer' },
                      sort: { type: 'integer' },
                      image: { type: 'string' },
                      imageWidth: { type: 'integer' },
                      imageHeight: { type: 'integer' },
                    },
                  },
                },
                boxes: { type: 'array', items: videoRow },
                rankings: { type: 'array', items: videoRow },
              },
            },
            'HomeIndex',
          ),
        },
      },
    },
    async (request) => {
      const { categoryId } = request.body;
      if (categoryId !== HOME_ID && !(await ctx.catalogue.categoryExists(categoryId))) throw notFound('分类不存在');
      // Every home visit reads these sections; they change with plays only (server/cache/app-caches.ts).
      return okEnvelope(ctx, await ctx.caches.homeIndex.get(categoryId, () => ctx.content.homeIndex(categoryId, BOX_SIZE, RANKING_SIZE)));
    },
  );
}
