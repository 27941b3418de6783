import type { AppContext } from '../../context.ts';
import { Type } from 'typebox';
import { EnvelopeOf, PageOf } from '../../../protocol/contracts/common.ts';
import { ReviewItem, TagCategory, TagDetail, TagDetailBody, TagListBody, TagReviewsBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';

export async function tagRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.tagList,
    {
      schema: {
        summary: 'Every tag category with its tags, optionally only those of one contentType',
        tags: ['tag'],
        headers: signedHeaders,
        body: TagListBody,
        response: { 200: EnvelopeOf(Type.Array(TagCategory), 'TagCategory[]') },
      },
    },
    async (request) => okEnvelope(ctx, await ctx.content.tagCategories(request.body.contentType)),
  );

  api.post(
    CONTENT_API.tagDetail,
    {
      schema: {
        summary: "A tag (tid) or a tag category (tagCateId) with one page of its videos (contentType 2) or creators (8); contentType defaults to the tag's",
        tags: ['tag'],
        headers: signedHeaders,
        body: TagDetailBody,
        response: { 200: EnvelopeOf(TagDetail, 'TagDetail') },
      },
    },
    async (request) => {
      const { tid, tagCateId, page, pageSize, sort = 'latest' } = request.body;
      await checkTagFilter(ctx, tid, tagCateId, true);
      const tag = tid !== undefined ? ((await ctx.content.tag(tid)) ?? null) : null;
      const category = await ctx.content.tagCategory(tag ? tag.categoryId : tagCateId!);
      if (!category) throw notFound('标签分类不存在');
      const contentType = request.body.contentType ?? tag?.contentType ?? category.contentType;
      const filter = tag ? { tid: tag.id } : { tagCateId: category.id };
      const offset = offsetOf(page, pageSize);
      const detail: TagDetail = { tag, category, contentType, videos: null, actresses: null };
      if (contentType === 8) detail.actresses = pageResult(page, pageSize, await ctx.content.actressList({ ...filter, sort, offset, limit: pageSize }));
      else detail.videos = pageResult(page, pageSize, await ctx.content.videosByTag(filter, sort, offset, pageSize));
      return okEnvelope(ctx, detail);
    },
  );

  api.post(
    CONTENT_API.tagReviews,
    {
      schema: {
        summary: 'One page of the reviews carrying a tag (tid) or any tag of a category (tagCateId)',
        tags: ['tag', 'review'],
        headers: signedHeaders,
        body: TagReviewsBody,
        response: { 200: EnvelopeOf(PageOf(ReviewItem), 'Page<ReviewItem>') },
      },
    },
    async (request) => {
      const { tid, tagCateId, page, pageSize, sort = 'latest' } = request.body;
      await checkTagFilter(ctx, tid, tagCateId, true);
      const paged = await ctx.content.reviewList({ tid, tagCateId }, sort, offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );
}
