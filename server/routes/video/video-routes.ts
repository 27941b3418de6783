import type { FastifyInstance } from 'fastify';
import { API, HOME_ID, type Page, type VideoItem, type VideoListBody } from '../../../protocol/api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { actressItem, envelopeOf, idBody, pageOf, pagingProperties, reviewItem, signedHeaders, tagItem, videoItem } from '../schemas.ts';

export const RECOMMEND_COUNT = 12;
const SELECTED_REVIEWS = 3;
export async function videoRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // Category sizes change only with the seed; list pages are the hot path of every visit
  // (server/cache/app-caches.ts holds both for seconds).
  const counts = () => ctx.caches.categorySizes.get('sizes', () => ctx.catalogue.counts());
  const pages = (categoryId: number, offset: number, limit: number) =>
    ctx.caches.videoPages.get(`${categoryId} ${offset} ${limit}`, () => ctx.catalogue.list(categoryId, offset, limit));

  api.post<{ Body: VideoListBody }>(
    API.videoList,
    {
      schema: {
        summary: `One page of videos, newest first; categoryId ${HOME_ID} is every category`,
        tags: ['video'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['categoryId', 'page', 'pageSize'],
          additionalProperties: false,
          properties: {
            categoryId: { type: 'integer', minimum: 1, maximum: 2147483647 },
            ...pagingProperties,
          },
        },
        response: {
          200: envelopeOf(pageOf(videoItem), 'Page<VideoItem>'),
        },
      },
    },
    async (request) => {
      const { categoryId, page, pageSize } = request.body;
      const sizes = await counts();
      let total = sizes.get(categoryId);
      if (total === undefined) {
        if (!(await ctx.catalogue.categoryExists(categoryId))) throw notFound('分类不存在');
        total = 0;
      }
      const offset = (page - 1) * pageSize;
      const list = offset < total ? await pages(categoryId, offset, pageSize) : [];
      const result: Page<VideoItem> = { list, page, pageSize, total, hasMore: offset + list.length < total };
      return okEnvelope(ctx, result);
    },
  );

  api.post<{ Body: { id: number } }>(
    API.videoDetail,
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A video with its stream, renditions, tags, recommendations and whether the caller collected it; counts one play',
        tags: ['video'],
        headers: signedHeaders,
        body: idBody,
        response: {
          200: envelopeOf(
            {
              type: 'object',
              properties: {
                ...videoItem.properties,
                description: { type: 'string' },
                collectCount: { type: 'integer' },
                stream: { type: 'string', description: 'DASH manifest path relative to the VIDEO base' },
                poster: { type: 'string' },
                renditions: { type: 'array', items: { type: 'object' } },
                thumbnails: {
                  type: 'object',
                  description:
                    'progress-bar preview: a masked sprite sheet (path relative to the IMAGE base) of columns x rows tiles of width x height, tile n at n * interval seconds',
                  required: ['url', 'interval', 'columns', 'rows', 'width', 'height'],
                  properties: {
                    url: { type: 'string' },
                    interval: { type: 'number' },
                    columns: { type: 'integer' },
                    rows: { type: 'integer' },
                    width: { type: 'integer' },
                    height: { type: 'integer' },
                  },
                },
                tags: { type: 'array', items: { type: 'string' } },
                recommend: { type: 'array', items: videoItem },
                isCollect: { type: 'boolean', description: 'whether the caller (when a token is sent) has it in favourites' },
                actresses: { type: 'array', items: actressItem },
                tagList: { type: 'array', items: tagItem },
                reviews: { type: 'array', items: reviewItem, description: 'selected reviews of this video' },
              },
            },
            'VideoDetail',
          ),
        },
      },
    },
    async (request) => {
      const id = request.body.id;
      // What every caller shares is read once and kept until a write changes it; for an unknown
      // id the answer (none) is kept too, so bad ids do not reach the database each time.
      const [shared, isCollect] = await Promise.all([
        ctx.caches.videoDetail.get(id, async () => {
          const [detail, actresses, tagList, reviews] = await Promise.all([
            ctx.catalogue.detail(id, RECOMMEND_COUNT),
            ctx.content.actressesOfVideo(id),
            ctx.content.tagsOfVideo(id),
            ctx.content.selectedReviewsOfVideo(id, SELECTED_REVIEWS),
          ]);
          return { detail: detail ? { ...detail, actresses, tagList, reviews } : null, plays: 0 };
        }),
        request.user ? ctx.collects.isCollected(request.user.id, id) : false,
      ]);
      if (!shared.detail) throw notFound('视频不存在');
      ctx.plays.record(id);
      shared.plays += 1;
      return okEnvelope(ctx, { ...shared.detail, playCount: shared.detail.playCount + shared.plays, isCollect });
    },
  );
}
