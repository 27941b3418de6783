import { API, HOME_ID, type Page } from '../../../protocol/api.ts';
import { VideoItem, VideoListBody } from '../../../protocol/contracts/app.ts';
import { EnvelopeOf, IdBody, PageOf } from '../../../protocol/contracts/common.ts';
import { VideoDetailAnswer } from '../../../protocol/contracts/content.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';

export const RECOMMEND_COUNT = 12;
const SELECTED_REVIEWS = 3;
export async function videoRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  // Category sizes change only with the seed; list pages are the hot path of every visit
  // (server/cache/app-caches.ts holds both for seconds).
  const counts = () => ctx.caches.categorySizes.get('sizes', () => ctx.catalogue.counts());
  const pages = (categoryId: number, offset: number, limit: number) =>
    ctx.caches.videoPages.get(`${categoryId} ${offset} ${limit}`, () => ctx.catalogue.list(categoryId, offset, limit));

  api.post(
    API.videoList,
    {
      schema: {
        summary: `One page of videos, newest first; categoryId ${HOME_ID} is every category`,
        tags: ['video'],
        headers: signedHeaders,
        body: VideoListBody,
        response: { 200: EnvelopeOf(PageOf(VideoItem), 'Page<VideoItem>') },
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

  api.post(
    API.videoDetail,
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A video with its stream, renditions, tags, recommendations and whether the caller collected it; counts one play',
        tags: ['video'],
        headers: signedHeaders,
        body: IdBody,
        response: { 200: EnvelopeOf(VideoDetailAnswer, 'VideoDetail') },
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
