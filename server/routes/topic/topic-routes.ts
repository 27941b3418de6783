import type { AppContext } from '../../context.ts';
import { EnvelopeOf, PageOf } from '../../../protocol/contracts/common.ts';
import { PageOnlyBody, TopicDetail, TopicDetailBody, TopicItem } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';

/** Creators shown by the performer-row topic type. */
export const TOPIC_ACTRESS_LIMIT = 12;

export async function topicRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.topicList,
    {
      schema: {
        summary: 'One page of topics in editorial order',
        tags: ['topic'],
        headers: signedHeaders,
        body: PageOnlyBody,
        response: { 200: EnvelopeOf(PageOf(TopicItem), 'Page<TopicItem>') },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      return okEnvelope(ctx, pageResult(page, pageSize, await ctx.content.topicList(offsetOf(page, pageSize), pageSize)));
    },
  );

  api.post(
    CONTENT_API.topicDetail,
    {
      schema: {
        summary: 'A topic with one page of its videos in the requested sort and the creators appearing in it',
        tags: ['topic'],
        headers: signedHeaders,
        body: TopicDetailBody,
        response: { 200: EnvelopeOf(TopicDetail, 'TopicDetail') },
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
