import type { AppContext } from '../../context.ts';
import { IdBody } from '../../../protocol/contracts/common.ts';
import { PostDetail } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import type { ApiInstance } from '../schemas.ts';
import { found } from '../../plugins/api-error.ts';
import { endpoints } from '../endpoint.ts';

export async function postRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  endpoints(api, ctx, 'post')(
    CONTENT_API.postDetail,
    {
      summary: 'A published discussion post with its full text (plain text, never HTML) and the video it discusses',
      body: IdBody,
      answer: PostDetail,
      answerName: 'PostDetail',
    },
    async ({ body }) => found(await ctx.posts.detail(body.id), '帖子不存在'),
  );
}
