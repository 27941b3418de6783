import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type TagDetail, type TagDetailBody, type TagListBody, type TagReviewsBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';
import {
  actressItem,
  envelopeOf,
  optionalId,
  pageOf,
  pagingProperties,
  reviewItem,
  signedHeaders,
  sortProperty,
  tagCategory,
  tagItem,
  videoItem,
} from '../schemas.ts';

const contentTypeProperty = { type: 'integer', enum: [2, 8], description: '2: videos, 8: creators' };

export async function tagRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: TagListBody }>(
    CONTENT_API.tagList,
    {
      schema: {
        summary: 'Every tag category with its tags, optionally only those of one contentType',
        tags: ['tag'],
        headers: signedHeaders,
        body: { type: 'object', additionalProperties: false, properties: { contentType: contentTypeProperty } },
        response: { 200: envelopeOf({ type: 'array', items: tagCategory }, 'TagCategory[]') },
      },
    },
    async (request) => okEnvelope(ctx, await ctx.content.tagCategories(request.body.contentType)),
  );

  api.post<{ Body: TagDetailBody }>(
    CONTENT_API.tagDetail,
    {
      schema: {
        summary: "A tag (tid) or a tag category (tagCateId) with one page of its videos (contentType 2) or creators (8); contentType defaults to the tag's",
        tags: ['tag'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['page', 'pageSize'],
          additionalProperties: false,
          properties: { ...pagingProperties, tid: optionalId, tagCateId: optionalId, sort: sortProperty, contentType: contentTypeProperty },
        },
        response: {
          200: envelopeOf(
            {
              type: 'object',
              properties: {
                tag: { anyOf: [tagItem, { type: 'null' }] },
                category: { anyOf: [tagCategory, { type: 'null' }] },
                contentType: { type: 'integer' },
                videos: { anyOf: [pageOf(videoItem), { type: 'null' }] },
                actresses: { anyOf: [pageOf(actressItem), { type: 'null' }] },
              },
            },
            'TagDetail',
          ),
        },
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

  api.post<{ Body: TagReviewsBody }>(
    CONTENT_API.tagReviews,
    {
      schema: {
        summary: 'One page of the reviews carrying a tag (tid) or any tag of a category (tagCateId)',
        tags: ['tag', 'review'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['page', 'pageSize'],
          additionalProperties: false,
          properties: { ...pagingProperties, tid: optionalId, tagCateId: optionalId, sort: sortProperty },
        },
        response: { 200: envelopeOf(pageOf(reviewItem), 'Page<ReviewItem>') },
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
