import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { EnvelopeOf, IdBody } from '../../../protocol/contracts/common.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';

export async function advertiseRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    API.advertiseClick,
    {
      config: { auth: 'optional', changes: true },
      schema: {
        summary: 'Records a click on an ad',
        tags: ['advertise'],
        headers: signedHeaders,
        body: IdBody,
        response: { 200: EnvelopeOf(Type.Null(), 'null') },
      },
    },
    async (request) => {
      if (!(await ctx.catalogue.recordClick(request.body.id, request.user?.id ?? null))) throw notFound('广告不存在');
      return okEnvelope(ctx, null);
    },
  );
}
