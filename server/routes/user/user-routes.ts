import { API } from '../../../protocol/api.ts';
import { Type } from 'typebox';
import { UserInfo } from '../../../protocol/contracts/app.ts';
import type { ApiInstance } from '../schemas.ts';
import type { AppContext } from '../../context.ts';
import { toUserInfo } from '../../db/repositories/users.ts';
import { tokenHash } from '../../plugins/auth.ts';
import { endpoints } from '../endpoint.ts';

export async function userRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'user');

  endpoint(API.userInfo, { summary: 'The signed-in user', auth: 'required', answer: UserInfo, answerName: 'UserInfo' }, async ({ user }) => toUserInfo(user!));

  endpoint(
    API.logout,
    { summary: 'Revokes the token of this call', auth: 'required', changes: true, answer: Type.Null(), answerName: 'null' },
    async ({ token }) => {
      await ctx.sessions.revoke(tokenHash(token));
      return null;
    },
  );
}
