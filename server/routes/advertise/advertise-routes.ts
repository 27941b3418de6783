import type { FastifyInstance } from 'fastify';
import { API } from '../../../protocol/api.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, idBody, signedHeaders } from '../schemas.ts';

export async function advertiseRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post<{ Body: { id: number } }>(
    API.advertiseClick,
    {
      config: { auth: 'optional', changes: true },
      schema: {
        summary: 'Records a click on an ad',
        tags: ['advertise'],
        headers: signedHeaders,
        body: idBody,
        response: { 200: envelopeOf({ type: 'null' }, 'null') },
      },
    },
    async (request) => {
      if (!(await ctx.catalogue.recordClick(request.body.id, request.user?.id ?? null))) throw notFound('广告不存在');
      return okEnvelope(ctx, null);
    },
  );
}
