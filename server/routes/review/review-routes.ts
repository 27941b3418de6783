import type { AppContext } from '../../context.ts';
import { IdBody } from '../../../protocol/contracts/common.ts';
import {
  PageOnlyBody,
  REVIEW_CONTENT_MAX,
  REVIEW_TITLE_MAX,
  ReviewAddBody,
  ReviewAdded,
  ReviewDetail,
  ReviewItem,
  ReviewListBody,
} from '../../../protocol/contracts/content.ts';
import { textLength } from '../../../protocol/account.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { excerptOf } from '../../db/repositories/posts.ts';
import { memberOf } from '../../plugins/auth.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { ApiError, badRequest, found, notFound } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

/** Reviews one member may write in REVIEW_WINDOW_MS. */
export const REVIEWS_PER_WINDOW = 5;
export const REVIEW_WINDOW_MS = 10 * 60_000;

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

  endpoint(
    CONTENT_API.reviewAdd,
    {
      summary: `Writes the member's review of a video: a title (1 to ${REVIEW_TITLE_MAX} characters), plain text (1 to ${REVIEW_CONTENT_MAX}) and a score out of 10; one per member and video, ${REVIEWS_PER_WINDOW} every ${REVIEW_WINDOW_MS / 60_000} minutes. Published at once unless the deployment holds new posts and reviews (MD_HOLD_POSTS)`,
      auth: 'required',
      changes: true,
      body: ReviewAddBody,
      answer: ReviewAdded,
      answerName: 'ReviewAdded',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const title = body.title.trim();
      const content = body.content.trim();
      if (!title) throw badRequest('请输入影评标题');
      if (textLength(title) > REVIEW_TITLE_MAX) throw badRequest(`标题不能超过${REVIEW_TITLE_MAX}字`);
      if (!content) throw badRequest('请输入影评内容');
      if (textLength(content) > REVIEW_CONTENT_MAX) throw badRequest(`影评不能超过${REVIEW_CONTENT_MAX}字`);
      if ((await ctx.stores.counter.hit(`review:add:${member.id}`, REVIEW_WINDOW_MS)) > REVIEWS_PER_WINDOW) {
        throw new ApiError(CODES.TOO_MANY, '操作太频繁，请稍后再试');
      }
      const outcome = await ctx.content.addReview({
        videoId: body.videoId,
        author: { id: member.id, nickname: member.nickname, avatar: member.avatar },
        title,
        summary: excerptOf(content),
        content,
        score: body.score,
        status: ctx.config.holdNewPosts ? 'pending' : 'published',
      });
      if (outcome === 'no-video') throw notFound('视频不存在');
      if (outcome === 'duplicate') throw badRequest('你已经评价过这部视频');
      return outcome;
    },
  );
}
