import { textLength } from '../../../protocol/account.ts';
import type { MemberInfo } from '../../../protocol/contracts/admin.ts';
import { accountKey } from '../../accounts/account-key.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../plugins/api-error.ts';

export const MEMBER_TIPS = {
  noRef: '请指定账号或用户ID',
  noMember: '用户不存在',
} as const;

/** The member a body names by userId or account (looked up like sign-in does); 1006 when there is none. */
export async function memberOfRef(ctx: AppContext, ref: { account?: string; userId?: number }): Promise<MemberInfo> {
  if (ref.userId === undefined && !ref.account?.trim()) throw badRequest(MEMBER_TIPS.noRef);
  const member = await ctx.moderation.member(ref.userId !== undefined ? { userId: ref.userId } : { accountKey: accountKey(ref.account!.trim()) });
  if (!member) throw notFound(MEMBER_TIPS.noMember);
  return member;
}

/** A reason, note or answer: trimmed, not empty, at most `max` characters. */
export function plainText(value: string, max: number, what: string): string {
  const text = value.trim();
  if (!text) throw badRequest(`请填写${what}`);
  if (textLength(text) > max) throw badRequest(`${what}不能超过${max}字`);
  return text;
}
