import { remove as foldConfusables } from 'confusables';
import { normalizeAccount } from '../../../protocol/account.ts';
import type { AppContext } from '../../context.ts';

// Letters the confusables table folds to something other than the Latin letter they pass for.
const LOOKALIKES: Record<string, string> = { ı: 'i', ȷ: 'j', İ: 'i' };

/**
 * The skeleton of an account name: NFKC, case-folded, look-alike letters (Cyrillic а, dotless ı,
 * Greek ο …) folded to the Latin letter they imitate. Two names with one key read the same to a
 * person, so the second is refused; sign-in looks accounts up by it too.
 */
export function accountKey(account: string): string {
  const folded = [...normalizeAccount(account)].map((c) => LOOKALIKES[c] ?? c).join('');
  return foldConfusables(folded.toLowerCase()).toLowerCase().normalize('NFKC');
}

/** Older accounts predate the key: compute theirs once at start. A clash keeps both, told apart by id. */
export async function backfillAccountKeys(ctx: AppContext): Promise<number> {
  const rows = await ctx.users.withoutAccountKey();
  for (const row of rows) {
    const key = accountKey(row.account);
    if (!(await ctx.users.setAccountKey(row.id, key))) await ctx.users.setAccountKey(row.id, `${key}#${row.id}`);
  }
  return rows.length;
}
