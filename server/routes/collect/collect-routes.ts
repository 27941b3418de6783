import type { AppContext } from '../../context.ts';
import { Type } from 'typebox';
import { VideoItem } from '../../../protocol/contracts/app.ts';
import { EnvelopeOf, PageOf } from '../../../protocol/contracts/common.ts';
import { ActressItem, CollectBody, CollectListBody, CollectState } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { offsetOf, pageResult } from '../page-result.ts';

export async function collectRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  for (const [path, add] of [
    [CONTENT_API.collectAdd, true],
    [CONTENT_API.collectDel, false],
  ] as const) {
    api.post(
      path,
      {
        config: { auth: 'required', changes: true },
        schema: {
          summary: add ? 'Adds a favourite; adding twice changes nothing' : 'Removes a favourite; removing twice changes nothing',
          tags: ['collect'],
          headers: signedHeaders,
          body: CollectBody,
          response: { 200: EnvelopeOf(CollectState, 'CollectState') },
        },
      },
      async (request) => {
        const userId = request.user!.id;
        const { id, contentType: type } = request.body;
        const kind = type === 8 ? 8 : 2;
        const state = add ? await ctx.collects.add(userId, id, kind) : await ctx.collects.del(userId, id, kind);
        if (!state) throw notFound(kind === 8 ? '演员不存在' : '视频不存在');
        // A video's detail carries its favourite count, and every detail its creators' fan counts.
        if (kind === 2) ctx.caches.videoDetail.delete(id);
        else ctx.caches.videoDetail.clear();
        return okEnvelope(ctx, state);
      },
    );
  }

  api.post(
    CONTENT_API.collectList,
    {
      config: { auth: 'required' },
      schema: {
        summary: "The caller's favourite videos (contentType 2) or followed creators (8), newest first",
        tags: ['collect'],
        headers: signedHeaders,
        body: CollectListBody,
        response: { 200: EnvelopeOf(Type.Union([PageOf(VideoItem), PageOf(ActressItem)]), 'Page<VideoItem> (contentType 2) or Page<ActressItem> (8)') },
      },
    },
    async (request) => {
      const { page, pageSize, contentType: type } = request.body;
      const offset = offsetOf(page, pageSize);
      if (type === 8) {
        const { list: ids, total } = await ctx.collects.actressIds(request.user!.id, offset, pageSize);
        return okEnvelope(ctx, pageResult(page, pageSize, { list: await ctx.content.actressesByIds(ids), total }));
      }
      return okEnvelope(ctx, pageResult(page, pageSize, await ctx.collects.videos(request.user!.id, offset, pageSize)));
    },
  );
}
