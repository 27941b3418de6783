import { accountKey } from '../../accounts/account-key.ts';
import type { AppContext } from '../../context.ts';

export { accountKey };

/** Older accounts predate the key: compute theirs once at start. A clash keeps both, told apart by id. */
export async function backfillAccountKeys(ctx: AppContext): Promise<number> {
  const rows = await ctx.users.withoutAccountKey();
  for (const row of rows) {
    const key = accountKey(row.account);
    if (!(await ctx.users.setAccountKey(row.id, key))) await ctx.users.setAccountKey(row.id, `${key}#${row.id}`);
  }
  return rows.length;
}
