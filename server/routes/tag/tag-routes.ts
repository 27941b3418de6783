import type { AppContext } from '../../context.ts';
import { Type } from 'typebox';
import { ReviewItem, TagCategory, TagDetail, TagDetailBody, TagListBody, TagReviewsBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { found } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';

export async function tagRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'tag');

  endpoint(
    CONTENT_API.tagList,
    {
      summary: 'Every tag category with its tags, optionally only those of one contentType',
      body: TagListBody,
      answer: Type.Array(TagCategory),
      answerName: 'TagCategory[]',
    },
    async ({ body }) => ctx.content.tagCategories(body.contentType),
  );

  endpoint(
    CONTENT_API.tagDetail,
    {
      summary: "A tag (tid) or a tag category (tagCateId) with one page of its videos (contentType 2) or creators (8); contentType defaults to the tag's",
      body: TagDetailBody,
      answer: TagDetail,
      answerName: 'TagDetail',
    },
    async ({ body }) => {
      const { tid, tagCateId, sort = 'latest' } = body;
      await checkTagFilter(ctx, tid, tagCateId, true);
      const tag = tid !== undefined ? ((await ctx.content.tag(tid)) ?? null) : null;
      const category = found(await ctx.content.tagCategory(tag ? tag.categoryId : tagCateId!), '标签分类不存在');
      const contentType = body.contentType ?? tag?.contentType ?? category.contentType;
      const filter = tag ? { tid: tag.id } : { tagCateId: category.id };
      const detail: TagDetail = { tag, category, contentType, videos: null, actresses: null };
      if (contentType === 8) detail.actresses = await pageOf(body, (offset, limit) => ctx.content.actressList({ ...filter, sort, offset, limit }));
      else detail.videos = await pageOf(body, (offset, limit) => ctx.content.videosByTag(filter, sort, offset, limit));
      return detail;
    },
  );

  endpoint(
    CONTENT_API.tagReviews,
    {
      summary: 'One page of the reviews carrying a tag (tid) or any tag of a category (tagCateId)',
      tags: ['tag', 'review'],
      body: TagReviewsBody,
      ...pageAnswer(ReviewItem, 'ReviewItem'),
    },
    async ({ body }) => {
      const { tid, tagCateId, sort = 'latest' } = body;
      await checkTagFilter(ctx, tid, tagCateId, true);
      return pageOf(body, (offset, limit) => ctx.content.reviewList({ tid, tagCateId }, sort, offset, limit));
    },
  );
}
