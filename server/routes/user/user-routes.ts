import type { FastifyInstance } from 'fastify';
import { API } from '../../../protocol/api.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { tokenHash } from '../../plugins/auth.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { envelopeOf, signedHeaders, userInfo } from '../schemas.ts';

export async function userRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post(
    API.userInfo,
    {
      config: { auth: 'required' },
      schema: { summary: 'The signed-in user', tags: ['user'], headers: signedHeaders, response: { 200: envelopeOf(userInfo, 'UserInfo') } },
    },
    async (request) => okEnvelope(ctx, toUserInfo(request.user!)),
  );

  api.post(
    API.logout,
    {
      config: { auth: 'required', changes: true },
      schema: { summary: 'Revokes the token of this call', tags: ['user'], headers: signedHeaders, response: { 200: envelopeOf({ type: 'null' }, 'null') } },
    },
    async (request) => {
      await ctx.sessions.revoke(tokenHash(request.token));
      return okEnvelope(ctx, null);
    },
  );
}
