import type { AppContext } from '../../context.ts';
import { EnvelopeOf, IdBody, PageOf } from '../../../protocol/contracts/common.ts';
import { PageOnlyBody, ReviewDetail, ReviewItem, ReviewListBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';

export async function reviewRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.reviewList,
    {
      schema: {
        summary: 'One page of reviews, optionally of one tag (tid) or one video (videoId)',
        tags: ['review'],
        headers: signedHeaders,
        body: ReviewListBody,
        response: { 200: EnvelopeOf(PageOf(ReviewItem), 'Page<ReviewItem>') },
      },
    },
    async (request) => {
      const { page, pageSize, sort = 'latest', tid, videoId } = request.body;
      if (tid !== undefined && !(await ctx.content.tag(tid))) throw notFound('标签不存在');
      if (videoId !== undefined && !(await ctx.catalogue.videoExists(videoId))) throw notFound('视频不存在');
      const paged = await ctx.content.reviewList({ tid, videoId }, sort, offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post(
    CONTENT_API.reviewSelected,
    {
      schema: {
        summary: 'One page of selected reviews (精选), most liked first',
        tags: ['review'],
        headers: signedHeaders,
        body: PageOnlyBody,
        response: { 200: EnvelopeOf(PageOf(ReviewItem), 'Page<ReviewItem>') },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      const paged = await ctx.content.reviewList({ selected: true }, 'hot', offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post(
    CONTENT_API.reviewDetail,
    {
      schema: {
        summary: 'A review with its full text (plain text, never HTML) and tags',
        tags: ['review'],
        headers: signedHeaders,
        body: IdBody,
        response: { 200: EnvelopeOf(ReviewDetail, 'ReviewDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.content.reviewDetail(request.body.id);
      if (!detail) throw notFound('影评不存在');
      return okEnvelope(ctx, detail);
    },
  );
}
