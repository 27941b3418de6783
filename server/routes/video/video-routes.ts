import { API, HOME_ID } from '../../../protocol/api.ts';
import { VideoItem, VideoListBody } from '../../../protocol/contracts/app.ts';
import { IdBody } from '../../../protocol/contracts/common.ts';
import { VideoDetailAnswer } from '../../../protocol/contracts/content.ts';
import { COLLECTED_VIDEOS_HELD } from '../../cache/app-caches.ts';
import type { AppContext } from '../../context.ts';
import { found, notFound } from '../../plugins/api-error.ts';
import { textWith, withText } from '../../plugins/answer-text.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

export const RECOMMEND_COUNT = 12;
const SELECTED_REVIEWS = 3;
export async function videoRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'video');
  // Category sizes change only with the seed; list pages are the hot path of every visit
  // (server/cache/app-caches.ts holds both for seconds).
  const counts = () => ctx.caches.categorySizes.get('sizes', () => ctx.catalogue.counts());
  const pages = (categoryId: number, offset: number, limit: number) =>
    ctx.caches.videoPages.get(`${categoryId} ${offset} ${limit}`, () => ctx.catalogue.list(categoryId, offset, limit));

  endpoint(
    API.videoList,
    {
      summary: `One page of videos, newest first; categoryId ${HOME_ID} is every category`,
      body: VideoListBody,
      ...pageAnswer(VideoItem, 'VideoItem'),
    },
    async ({ body }) => {
      const { categoryId } = body;
      const sizes = await counts();
      let total = sizes.get(categoryId);
      if (total === undefined) {
        if (!(await ctx.catalogue.categoryExists(categoryId))) throw notFound('分类不存在');
        total = 0;
      }
      return pageOf(body, async (offset, limit) => ({ list: offset < total ? await pages(categoryId, offset, limit) : [], total }));
    },
  );

  // A detail is opened far more often than a favourite changes: the caller's favourites are read
  // once and kept until they change one (collect-routes clears them), a query saved per detail.
  const isCollected = async (userId: number, videoId: number) => {
    const { ids } = await ctx.caches.collectedVideos.get(userId, async () => {
      const found = await ctx.collects.collectedVideoIds(userId, COLLECTED_VIDEOS_HELD + 1);
      return { ids: found.length > COLLECTED_VIDEOS_HELD ? null : new Set(found) };
    });
    return ids ? ids.has(videoId) : ctx.collects.isCollected(userId, videoId);
  };

  endpoint(
    API.videoDetail,
    {
      summary: 'A video with its stream, renditions, tags, recommendations and whether the caller collected it; counts one play',
      auth: 'optional',
      body: IdBody,
      answer: VideoDetailAnswer,
      answerName: 'VideoDetail',
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
          if (!detail) return { detail: null, playCount: 0, plays: 0 };
          const { access, playCount, ...video } = detail;
          return { detail: { ...video, actresses, tagList, reviews }, playCount, plays: 0, access };
        }),
        request.user ? isCollected(request.user.id, id) : false,
      ]);
      // A member's private, pending or rejected work opens for its author only.
      const hidden = shared.access && !shared.access.listed && shared.access.ownerId !== request.user?.id;
      const detail = found(hidden ? null : shared.detail, '视频不存在');
      ctx.plays.record(id);
      shared.plays += 1;
      // The shared part's text is made once per cache entry; the caller's fields join it.
      const own = { playCount: shared.playCount + shared.plays, isCollect };
      return withText({ ...detail, ...own }, textWith(detail, own));
    },
  );
}
