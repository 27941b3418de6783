import type { FastifyInstance } from 'fastify';
import { CONTENT_API, type IdBody } from '../../../protocol/content-api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, idBody, postDetail, signedHeaders } from '../schemas.ts';

export async function postRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: IdBody }>(
    CONTENT_API.postDetail,
    {
      schema: {
        summary: 'A published discussion post with its full text (plain text, never HTML) and the video it discusses',
        tags: ['post'],
        headers: signedHeaders,
        body: idBody,
        response: { 200: envelopeOf(postDetail, 'PostDetail') },
      },
    },
    async (request) => {
      const detail = await ctx.posts.detail(request.body.id);
      if (!detail) throw notFound('帖子不存在');
      return okEnvelope(ctx, detail);
    },
  );
}
