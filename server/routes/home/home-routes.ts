import { HOME_ID } from '../../../protocol/api.ts';
import { HomeIndex, HomeIndexBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { endpoints } from '../endpoint.ts';

export const BOX_SIZE = 6;
export const RANKING_SIZE = 10;

export async function homeRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  endpoints(api, ctx, 'home')(
    CONTENT_API.homeIndex,
    {
      summary: `Banners, boxes and rankings above a category's list; categoryId ${HOME_ID} is home`,
      body: HomeIndexBody,
      answer: HomeIndex,
      answerName: 'HomeIndex',
    },
    async ({ body: { categoryId } }) => {
      if (categoryId !== HOME_ID && !(await ctx.catalogue.categoryExists(categoryId))) throw notFound('分类不存在');
      // Every home visit reads these sections; they change with plays only (server/cache/app-caches.ts).
      return ctx.caches.homeIndex.get(categoryId, () => ctx.content.homeIndex(categoryId, BOX_SIZE, RANKING_SIZE));
    },
  );
}
