import { remove as foldConfusables } from 'confusables';
import { normalizeAccount } from '../../protocol/account.ts';

// Letters the confusables table folds to something other than the Latin letter they pass for.
const LOOKALIKES: Record<string, string> = { ı: 'i', ȷ: 'j', İ: 'i' };

/**
 * The skeleton of an account name: NFKC, case-folded, look-alike letters (Cyrillic а, dotless ı,
 * Greek ο …) folded to the Latin letter they imitate. Two names with one key read the same to a
 * person, so the second is refused; sign-in (and the operators' tools) look accounts up by it too.
 */
export function accountKey(account: string): string {
  const folded = [...normalizeAccount(account)].map((c) => LOOKALIKES[c] ?? c).join('');
  return foldConfusables(folded.toLowerCase()).toLowerCase().normalize('NFKC');
}
