import { createHash, randomBytes } from 'node:crypto';
import { CARD_CODE_PATTERN } from '../../protocol/member-api.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/repositories/users.ts';
import { badRequest } from '../plugins/api-error.ts';
import { admitCardLookup } from './sign-in-limits.ts';

export const CARD_INVALID_TIP = '账号凭证无效或已失效';
const CARD_CODE = new RegExp(CARD_CODE_PATTERN);

/** What the database keeps of a card's code. */
export const cardHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new card code: 32 random bytes, base64url. */
export function newCardCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: cardHash(code) };
}

/**
 * The member whose current card carries `code`, for a caller at `address`: misses are limited per
 * address (1008 past the limit) and answered 1005 with one tip, whatever was wrong with the code.
 */
export async function memberByCard(ctx: AppContext, code: string, address: string): Promise<UserRow> {
  const lookup = await admitCardLookup(ctx.stores.counter, address);
  const member = CARD_CODE.test(code) ? await ctx.users.byCard(cardHash(code)) : undefined;
  if (!member) throw badRequest(CARD_INVALID_TIP);
  await lookup.found();
  return member;
}

/** An account name with its middle hidden (ab***yz), for confirming whose card it is. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  const keep = chars.length > 5 ? 2 : 1;
  return `${chars.slice(0, keep).join('')}***${chars.slice(-keep).join('')}`;
}
