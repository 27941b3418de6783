import type { AppContext } from '../../context.ts';
import { EnvelopeOf, IdBody } from '../../../protocol/contracts/common.ts';
import { PostDetail } from '../../../protocol/contracts/content.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';

export async function postRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    CONTENT_API.postDetail,
    {
      schema: {
        summary: 'A published discussion post with its full text (plain text, never HTML) and the video it discusses',
        tags: ['post'],
        headers: signedHeaders,
        body: IdBody,
        response: { 200: EnvelopeOf(PostDetail, 'PostDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.posts.detail(request.body.id);
      if (!detail) throw notFound('帖子不存在');
      return okEnvelope(ctx, detail);
    },
  );
}
