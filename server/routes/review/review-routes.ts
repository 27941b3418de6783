import type { AppContext } from '../../context.ts';
import { IdBody } from '../../../protocol/contracts/common.ts';
import { PageOnlyBody, ReviewDetail, ReviewItem, ReviewListBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { found, notFound } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

export async function reviewRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'review');
  const page = pageAnswer(ReviewItem, 'ReviewItem');

  endpoint(
    CONTENT_API.reviewList,
    { summary: 'One page of reviews, optionally of one tag (tid) or one video (videoId)', body: ReviewListBody, ...page },
    async ({ body }) => {
      const { sort = 'latest', tid, videoId } = body;
      if (tid !== undefined && !(await ctx.content.tag(tid))) throw notFound('标签不存在');
      if (videoId !== undefined && !(await ctx.catalogue.videoExists(videoId))) throw notFound('视频不存在');
      return pageOf(body, (offset, limit) => ctx.content.reviewList({ tid, videoId }, sort, offset, limit));
    },
  );

  endpoint(CONTENT_API.reviewSelected, { summary: 'One page of selected reviews (精选), most liked first', body: PageOnlyBody, ...page }, async ({ body }) =>
    pageOf(body, (offset, limit) => ctx.content.reviewList({ selected: true }, 'hot', offset, limit)),
  );

  endpoint(
    CONTENT_API.reviewDetail,
    { summary: 'A review with its full text (plain text, never HTML) and tags', body: IdBody, answer: ReviewDetail, answerName: 'ReviewDetail' },
    async ({ body }) => found(await ctx.content.reviewDetail(body.id), '影评不存在'),
  );
}
