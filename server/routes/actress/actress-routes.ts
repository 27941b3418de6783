import type { AppContext } from '../../context.ts';
import { VideoItem } from '../../../protocol/contracts/app.ts';
import { EnvelopeOf, IdBody, PageOf } from '../../../protocol/contracts/common.ts';
import { ActressDetail, ActressItem, ActressListBody, ActressWorksBody } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';
import { checkTagFilter } from '../tag-filter.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';

export async function actressRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.actressList,
    {
      schema: {
        summary: 'One page of creators, optionally those carrying a tag (tid) or any tag of a tag category (tagCateId)',
        tags: ['actress'],
        headers: signedHeaders,
        body: ActressListBody,
        response: { 200: EnvelopeOf(PageOf(ActressItem), 'Page<ActressItem>') },
      },
    },
    async (request) => {
      const { page, pageSize, tid, tagCateId, sort = 'latest' } = request.body;
      await checkTagFilter(ctx, tid, tagCateId, false);
      const paged = await ctx.content.actressList({ tid, tagCateId, sort, offset: offsetOf(page, pageSize), limit: pageSize });
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );

  api.post(
    CONTENT_API.actressDetail,
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A creator with cover, bio, tags and whether the caller follows them',
        tags: ['actress'],
        headers: signedHeaders,
        body: IdBody,
        response: { 200: EnvelopeOf(ActressDetail, 'ActressDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.content.actressDetail(request.body.id, request.user?.id ?? null);
      if (!detail) throw notFound('演员不存在');
      return okEnvelope(ctx, detail);
    },
  );

  api.post(
    CONTENT_API.actressWorks,
    {
      schema: {
        summary: "One page of a creator's videos",
        tags: ['actress'],
        headers: signedHeaders,
        body: ActressWorksBody,
        response: { 200: EnvelopeOf(PageOf(VideoItem), 'Page<VideoItem>') },
      },
    },
    async (request) => {
      const { id, page, pageSize, sort = 'latest' } = request.body;
      if (!(await ctx.content.actressExists(id))) throw notFound('演员不存在');
      const paged = await ctx.content.actressWorks(id, sort, offsetOf(page, pageSize), pageSize);
      return okEnvelope(ctx, pageResult(page, pageSize, paged));
    },
  );
}
