import type { AppContext } from '../../context.ts';
import { Type } from 'typebox';
import { VideoItem } from '../../../protocol/contracts/app.ts';
import { PageOf } from '../../../protocol/contracts/common.ts';
import { ActressItem, CollectBody, CollectListBody, CollectState } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { found } from '../../plugins/api-error.ts';
import { endpoints } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';

export async function collectRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'collect');

  for (const [path, add] of [
    [CONTENT_API.collectAdd, true],
    [CONTENT_API.collectDel, false],
  ] as const) {
    endpoint(
      path,
      {
        summary: add ? 'Adds a favourite; adding twice changes nothing' : 'Removes a favourite; removing twice changes nothing',
        auth: 'required',
        changes: true,
        body: CollectBody,
        answer: CollectState,
        answerName: 'CollectState',
      },
      async ({ body, user }) => {
        const { id, contentType: type } = body;
        const kind = type === 8 ? 8 : 2;
        const state = found(
          add ? await ctx.collects.add(user!.id, id, kind) : await ctx.collects.del(user!.id, id, kind),
          kind === 8 ? '演员不存在' : '视频不存在',
        );
        // A video's detail carries its favourite count and the caller's flag, and every detail its
        // creators' fan counts.
        if (kind === 2) {
          ctx.caches.videoDetail.delete(id);
          ctx.caches.collectedVideos.delete(user!.id);
        } else ctx.caches.videoDetail.clear();
        return state;
      },
    );
  }

  endpoint(
    CONTENT_API.collectList,
    {
      summary: "The caller's favourite videos (contentType 2) or followed creators (8), newest first",
      auth: 'required',
      body: CollectListBody,
      answer: Type.Union([PageOf(VideoItem), PageOf(ActressItem)]),
      answerName: 'Page<VideoItem> (contentType 2) or Page<ActressItem> (8)',
    },
    async ({ body, user }) => {
      if (body.contentType !== 8) return pageOf(body, (offset, limit) => ctx.collects.videos(user!.id, offset, limit));
      return pageOf(body, async (offset, limit) => {
        const { list: ids, total } = await ctx.collects.actressIds(user!.id, offset, limit);
        return { list: await ctx.content.actressesByIds(ids), total };
      });
    },
  );
}
