import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { UserInfo } from '../../../protocol/contracts/app.ts';
import { EnvelopeOf } from '../../../protocol/contracts/common.ts';
import { signedHeaders, type ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { tokenHash } from '../../plugins/auth.ts';
import { okEnvelope } from '../../plugins/envelope.ts';

export async function userRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  api.post(
    API.userInfo,
    {
      config: { auth: 'required' },
      schema: { summary: 'The signed-in user', tags: ['user'], headers: signedHeaders, response: { 200: EnvelopeOf(UserInfo, 'UserInfo') } },
    },
    async (request) => okEnvelope(ctx, toUserInfo(request.user!)),
  );

  api.post(
    API.logout,
    {
      config: { auth: 'required', changes: true },
      schema: { summary: 'Revokes the token of this call', tags: ['user'], headers: signedHeaders, response: { 200: EnvelopeOf(Type.Null(), 'null') } },
    },
    async (request) => {
      await ctx.sessions.revoke(tokenHash(request.token));
      return okEnvelope(ctx, null);
    },
  );
}
