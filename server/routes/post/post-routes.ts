import { Type } from 'typebox';
import { textLength } from '../../../protocol/account.ts';
import { EmptyBody, IdBody, PageBody } from '../../../protocol/contracts/common.ts';
import {
  MyPost,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  PostAccess,
  PostCenter,
  PostDetail,
  PostFeedBody,
  PostItem,
  PostMayLikeBody,
  PostPublishBody,
  PostTag,
  ReviewItem,
} from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, found } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { offsetOf, pageOf, pageResult } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

/** Posts one member may publish in PUBLISH_WINDOW_MS. */
export const POSTS_PER_WINDOW = 5;
export const PUBLISH_WINDOW_MS = 10 * 60_000;
/** Reviews the discussion page ranks. */
export const REVIEW_RANK_SIZE = 10;

const MISSING = '帖子不存在';
const PUBLISH_ERRORS = {
  'bad-images': '图片不存在或已被使用，请重新上传',
  'bad-tags': '话题不存在，请重新选择',
  'no-video': '视频不存在',
} as const;

/** The discussion side (issue 12): the feed, tags, publishing, the member's post centre and paid posts. */
export async function postRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'post');

  endpoint(
    CONTENT_API.postDetail,
    {
      summary:
        'A discussion post with its full text (plain text, never HTML), its images and the video it discusses; a paid post the caller has not unlocked comes with the start of its text and no images; pending and rejected posts only to their author; authorBlocked when the caller blocked its author (the post still opens)',
      auth: 'optional',
      body: IdBody,
      answer: PostDetail,
      answerName: 'PostDetail',
    },
    async ({ body, user }) => {
      const post = found(await ctx.posts.detail(body.id, user?.id ?? 0), MISSING);
      if (post.status === 'published') await ctx.posts.viewed(post.id);
      return post;
    },
  );

  endpoint(
    CONTENT_API.postFeed,
    {
      summary:
        'The discussion feed: published posts, narrowed to one tag with tagId, newest (latest) or most liked (hot) first; without the posts of members the caller blocked',
      auth: 'optional',
      body: PostFeedBody,
      ...pageAnswer(PostItem, 'PostItem'),
    },
    async ({ body, user }) => pageOf(body, (offset, size) => ctx.posts.feed({ tagId: body.tagId, sort: body.sort ?? 'latest' }, offset, size, user?.id ?? 0)),
  );

  endpoint(
    CONTENT_API.postTags,
    { summary: 'The discussion tags with how many published posts carry each', body: EmptyBody, answer: Type.Array(PostTag), answerName: 'PostTag[]' },
    () => ctx.posts.tags(),
  );

  endpoint(
    CONTENT_API.postMayLike,
    {
      summary:
        "Posts like the one being read (most shared tags, then the liveliest), or the liveliest without id; never the caller's own nor those of members the caller blocked",
      auth: 'optional',
      body: PostMayLikeBody,
      answer: Type.Array(PostItem),
      answerName: 'PostItem[]',
    },
    ({ body, user }) => ctx.posts.mayLike(body.id, user?.id ?? 0),
  );

  endpoint(
    CONTENT_API.postReviewRank,
    { summary: `The ${REVIEW_RANK_SIZE} most liked video reviews`, body: EmptyBody, answer: Type.Array(ReviewItem), answerName: 'ReviewItem[]' },
    async () => (await ctx.content.reviewList({}, 'hot', 0, REVIEW_RANK_SIZE)).list,
  );

  endpoint(
    CONTENT_API.postCenter,
    {
      summary: "The member's own posts, newest first, each with its status (pending, published, rejected with the reason), and a count per status",
      auth: 'required',
      body: Type.Object(PageBody.properties, { additionalProperties: false }),
      answer: PostCenter,
      answerName: 'PostCenter',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const { counts, ...list } = await ctx.posts.center(member.id, offsetOf(body.page, body.pageSize), body.pageSize);
      return { ...pageResult(body.page, body.pageSize, list), counts };
    },
  );

  endpoint(
    CONTENT_API.postPublish,
    {
      summary: `Publishes a post: a title (1 to ${POST_TITLE_MAX} characters), plain text (1 to ${POST_CONTENT_MAX}), up to nine images the member uploaded with purpose post, up to three tags, an optional price in points. It is published at once unless the deployment holds new posts (MD_HOLD_POSTS), then pending; ${POSTS_PER_WINDOW} every ${PUBLISH_WINDOW_MS / 60_000} minutes`,
      auth: 'required',
      changes: true,
      body: PostPublishBody,
      answer: MyPost,
      answerName: 'MyPost',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const title = body.title.trim();
      const content = body.content.trim();
      if (!title) throw badRequest('请输入标题');
      if (textLength(title) > POST_TITLE_MAX) throw badRequest(`标题不能超过${POST_TITLE_MAX}字`);
      if (!content) throw badRequest('请输入内容');
      if (textLength(content) > POST_CONTENT_MAX) throw badRequest(`内容不能超过${POST_CONTENT_MAX}字`);
      if ((await ctx.stores.counter.hit(`post:publish:${member.id}`, PUBLISH_WINDOW_MS)) > POSTS_PER_WINDOW) {
        throw new ApiError(CODES.TOO_MANY, '发帖太频繁，请稍后再试');
      }
      const outcome = await ctx.posts.publish({
        author: { id: member.id, nickname: member.nickname, avatar: member.avatar },
        title,
        content,
        images: body.images,
        tagIds: body.tagIds,
        price: body.price,
        videoId: body.videoId,
        status: ctx.config.holdNewPosts ? 'pending' : 'published',
      });
      if (typeof outcome === 'string') throw badRequest(PUBLISH_ERRORS[outcome]);
      return outcome;
    },
  );

  endpoint(
    CONTENT_API.postIsLook,
    {
      summary: "Whether the member may read a paid post whole (free, their own, or bought), with the post's price and the member's points",
      auth: 'required',
      body: IdBody,
      answer: PostAccess,
      answerName: 'PostAccess',
    },
    async ({ body, user }) => found(await ctx.posts.access(body.id, memberOf(user).id), MISSING),
  );

  endpoint(
    CONTENT_API.postPay,
    {
      summary:
        "Unlocks a paid post with the member's points: deducted exactly once however many payments race (a post already unlocked is answered as it is), the author credited; not enough points is refused with how many are missing",
      auth: 'required',
      changes: true,
      body: IdBody,
      answer: PostAccess,
      answerName: 'PostAccess',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const outcome = await ctx.posts.pay(body.id, { id: member.id });
      if (outcome === 'not-found') throw new ApiError(CODES.NOT_FOUND, MISSING);
      if (outcome === 'free') throw badRequest('这是免费帖子，无需解锁');
      if ('short' in outcome) throw badRequest(`积分不足，还差${outcome.short}积分`);
      return outcome;
    },
  );
}
