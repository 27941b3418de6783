import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { IdBody } from '../../../protocol/contracts/common.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { endpoints } from '../endpoint.ts';

export async function advertiseRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  endpoints(api, ctx, 'advertise')(
    API.advertiseClick,
    { summary: 'Records a click on an ad', auth: 'optional', changes: true, body: IdBody, answer: Type.Null(), answerName: 'null' },
    async ({ body, user }) => {
      if (!(await ctx.catalogue.recordClick(body.id, user?.id ?? null))) throw notFound('广告不存在');
      return null;
    },
  );
}
