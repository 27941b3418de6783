import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CODES, TIPS } from '../../protocol/envelope.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/repositories/users.ts';
import { ApiError } from './api-error.ts';

const DAY_MS = 86_400_000;
export const MEMBER_SESSION_MS = 30 * DAY_MS;
export const GUEST_SESSION_MS = 365 * DAY_MS;
/** Sessions one user keeps (devices and browsers); a new one beyond this ends the oldest. */
export const MAX_SESSIONS_PER_USER = 20;

/** Sessions store only this hash, so a leaked table grants nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function openSession(ctx: AppContext, userId: number, guest: boolean): Promise<string> {
  const token = newToken();
  await ctx.sessions.create(tokenHash(token), userId, new Date(Date.now() + (guest ? GUEST_SESSION_MS : MEMBER_SESSION_MS)), MAX_SESSIONS_PER_USER);
  return token;
}

export function registerAuth(api: FastifyInstance, ctx: AppContext): void {
  api.addHook('preHandler', async (request) => {
    const mode = request.routeOptions.config.auth;
    // The local tool (admin calls only) has no session: routes/admin/admin-endpoint.ts knows it.
    if (!mode || request.localOperator) return;
    const user = request.token ? await ctx.sessions.userFor(tokenHash(request.token), new Date()) : undefined;
    if (!user && mode === 'required') throw new ApiError(CODES.LOGIN_INVALID, TIPS.LOGIN_INVALID);
    request.user = user ?? null;
  });
}

export const MEMBERS_ONLY_TIP = '请先登录会员账号';

/** Sign-in refuses a suspended member (1011 账号已被停用) before any session is opened. */
export function refuseSuspended(user: UserRow): void {
  if (user.suspended_at) throw new ApiError(CODES.SUSPENDED, TIPS.SUSPENDED);
}

/** The caller of an `auth: 'required'` call when a member; a guest is refused with 1007. */
export function memberOf(user: UserRow | null): UserRow {
  if (!user?.is_user) throw new ApiError(CODES.FORBIDDEN, MEMBERS_ONLY_TIP);
  return user;
}
