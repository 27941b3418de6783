import { HOME_ID } from '../../../protocol/api.ts';
import { EnvelopeOf } from '../../../protocol/contracts/common.ts';
import { HomeIndex, HomeIndexBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';

export const BOX_SIZE = 6;
export const RANKING_SIZE = 10;

export async function homeRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.homeIndex,
    {
      schema: {
        summary: `Banners, boxes and rankings above a category's list; categoryId ${HOME_ID} is home`,
        tags: ['home'],
        headers: signedHeaders,
        body: HomeIndexBody,
        response: { 200: EnvelopeOf(HomeIndex, 'HomeIndex') },
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
