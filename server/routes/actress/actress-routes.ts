import type { AppContext } from '../../context.ts';
import { VideoItem } from '../../../protocol/contracts/app.ts';
import { IdBody } from '../../../protocol/contracts/common.ts';
import { ActressDetail, ActressItem, ActressListBody, ActressWorksBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { found, notFound } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';
import type { ApiInstance } from '../schemas.ts';

export async function actressRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'actress');

  endpoint(
    CONTENT_API.actressList,
    {
      summary: 'One page of creators, optionally those carrying a tag (tid) or any tag of a tag category (tagCateId)',
      body: ActressListBody,
      ...pageAnswer(ActressItem, 'ActressItem'),
    },
    async ({ body }) => {
      const { tid, tagCateId, sort = 'latest' } = body;
      await checkTagFilter(ctx, tid, tagCateId, false);
      return pageOf(body, (offset, limit) => ctx.content.actressList({ tid, tagCateId, sort, offset, limit }));
    },
  );

  endpoint(
    CONTENT_API.actressDetail,
    {
      summary: 'A creator with cover, bio, tags and whether the caller follows them',
      auth: 'optional',
      body: IdBody,
      answer: ActressDetail,
      answerName: 'ActressDetail',
    },
    async ({ body, user }) => found(await ctx.content.actressDetail(body.id, user?.id ?? null), '演员不存在'),
  );

  endpoint(
    CONTENT_API.actressWorks,
    { summary: "One page of a creator's videos", body: ActressWorksBody, ...pageAnswer(VideoItem, 'VideoItem') },
    async ({ body }) => {
      if (!(await ctx.content.actressExists(body.id))) throw notFound('演员不存在');
      return pageOf(body, (offset, limit) => ctx.content.actressWorks(body.id, body.sort ?? 'latest', offset, limit));
    },
  );
}
