import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type PageBody, type TopicDetail, type TopicDetailBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { actressItem, envelopeOf, idBody, pageOf, pagingProperties, signedHeaders, sortProperty, topicItem, videoItem } from '../schemas.ts';

/** Creators shown by the performer-row topic type. */
export const TOPIC_ACTRESS_LIMIT = 12;

export async function topicRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: PageBody }>(
    CONTENT_API.topicList,
    {
      schema: {
        summary: 'One page of topics in editorial order',
        tags: ['topic'],
        headers: signedHeaders,
        body: { type: 'object', required: ['page', 'pageSize'], additionalProperties: false, properties: pagingProperties },
        response: { 200: envelopeOf(pageOf(topicItem), 'Page<TopicItem>') },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      return okEnvelope(ctx, pageResult(page, pageSize, await ctx.content.topicList(offsetOf(page, pageSize), pageSize)));
    },
  );

  api.post<{ Body: TopicDetailBody }>(
    CONTENT_API.topicDetail,
    {
      schema: {
        summary: 'A topic with one page of its videos in the requested sort and the creators appearing in it',
        tags: ['topic'],
        headers: signedHeaders,
        body: {
          type: 'object',
          required: ['id', 'page', 'pageSize'],
          additionalProperties: false,
          properties: { id: idBody.properties.id, ...pagingProperties, sort: sortProperty },
        },
        response: {
          200: envelopeOf(
            { type: 'object', properties: { ...topicItem.properties, videos: pageOf(videoItem), actresses: { type: 'array', items: actressItem } } },
            'TopicDetail',
          ),
        },
      },
    },
    async (request) => {
      const { id, page, pageSize, sort = 'latest' } = request.body;
      const topic = await ctx.content.topic(id);
      if (!topic) throw notFound('专题不存在');
      const [videos, actresses] = await Promise.all([
        ctx.content.topicVideos(id, sort, offsetOf(page, pageSize), pageSize),
        ctx.content.topicActresses(id, TOPIC_ACTRESS_LIMIT),
      ]);
      const detail: TopicDetail = { ...topic, videos: pageResult(page, pageSize, videos), actresses };
      return okEnvelope(ctx, detail);
    },
  );
}
