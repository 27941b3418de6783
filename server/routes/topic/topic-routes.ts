import type { AppContext } from '../../context.ts';
import { PageOnlyBody, TopicDetail, TopicDetailBody, TopicItem } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { found } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

/** Creators shown by the performer-row topic type. */
export const TOPIC_ACTRESS_LIMIT = 12;

export async function topicRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'topic');

  endpoint(
    CONTENT_API.topicList,
    { summary: 'One page of topics in editorial order', body: PageOnlyBody, ...pageAnswer(TopicItem, 'TopicItem') },
    async ({ body }) => pageOf(body, (offset, limit) => ctx.content.topicList(offset, limit)),
  );

  endpoint(
    CONTENT_API.topicDetail,
    {
      summary: 'A topic with one page of its videos in the requested sort and the creators appearing in it',
      body: TopicDetailBody,
      answer: TopicDetail,
      answerName: 'TopicDetail',
    },
    async ({ body }) => {
      const { id, sort = 'latest' } = body;
      const topic = found(await ctx.content.topic(id), '专题不存在');
      const [videos, actresses] = await Promise.all([
        pageOf(body, (offset, limit) => ctx.content.topicVideos(id, sort, offset, limit)),
        ctx.content.topicActresses(id, TOPIC_ACTRESS_LIMIT),
      ]);
      return { ...topic, videos, actresses };
    },
  );
}
