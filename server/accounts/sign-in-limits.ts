import { CODES } from '../../protocol/envelope.ts';
import { ApiError } from '../plugins/api-error.ts';
import type { Counter } from '../plugins/stores.ts';
import { checkPassword, dummyHash } from './passwords.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Tries of one account from one address: the attacker's own lock, which the owner elsewhere never meets. */
export const MAX_TRIES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failed tries from one address over all accounts (password spraying). */
export const MAX_FAILURES_PER_ADDRESS = 50;
/** Tries of one account from all addresses before the account slows down. */
export const ACCOUNT_FREE_TRIES = 10;
/** Past the free tries, one check of the account per this many ms, from anywhere. */
export const ACCOUNT_BACKOFF_MS = 2_000;

const TOO_MANY = '操作过于频繁，请稍后再试';

export interface SignInAttempt {
  /** The password was right: the attempt gives back what it took. */
  succeeded(): Promise<void>;
  /** The check never ran (the server was busy): nothing is counted. */
  abandoned(): Promise<void>;
}

/**
 * Admits one password check, or throws 1008. Every count is taken (one atomic increment whose
 * answer is compared) before argon2 runs, so a burst of concurrent tries cannot all pass a check
 * made before any of them was recorded. A refused try gives its increments back, so the counts
 * are the checks made: failed ones, and ones still running.
 */
export async function admitSignIn(counter: Counter, accountKey: string, address: string): Promise<SignInAttempt> {
  const pair = `login:pair:${accountKey}\u0000${address}`;
  const byAddress = `login:ip:${address}`;
  const byAccount = `login:acct:${accountKey}`;
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((key) => counter.release(key)));

  taken.push(pair);
  if ((await counter.hit(pair, LOGIN_WINDOW_MS)) > MAX_TRIES_PER_ACCOUNT_AND_ADDRESS) {
    await giveBack();
    throw new ApiError(CODES.TOO_MANY, TOO_MANY);
  }
  taken.push(byAddress);
  if ((await counter.hit(byAddress, LOGIN_WINDOW_MS)) > MAX_FAILURES_PER_ADDRESS) {
    await giveBack();
    throw new ApiError(CODES.TOO_MANY, TOO_MANY);
  }
  taken.push(byAccount);
  const accountTries = await counter.hit(byAccount, LOGIN_WINDOW_MS);
  // Many addresses guessing one account slow it to one check per backoff period; the owner waits
  // at most that long, the attackers' throughput falls to a trickle.
  if (accountTries > ACCOUNT_FREE_TRIES && !(await counter.claim(`login:gate:${accountKey}`, ACCOUNT_BACKOFF_MS))) {
    await giveBack();
    throw new ApiError(CODES.TOO_MANY, '尝试次数过多，请稍等几秒再试');
  }
  return {
    async succeeded() {
      await Promise.all([counter.clear(pair), counter.release(byAddress), counter.release(byAccount)]);
    },
    async abandoned() {
      await giveBack();
    },
  };
}

/** At most `max` sign-ups from one address in the window (MD_SIGNUPS_PER_ADDRESS), counted before the work like the sign-in tries. */
export async function admitSignUp(counter: Counter, address: string, max: number): Promise<void> {
  if ((await counter.hit(`signup:ip:${address}`, LOGIN_WINDOW_MS)) > max) {
    throw new ApiError(CODES.TOO_MANY, TOO_MANY);
  }
}

/** Account-card lookups (user/qrcode/info, login/card) from one address per window that find no card. */
export const MAX_CARD_MISSES_PER_ADDRESS = 20;

/**
 * Admits one account-card lookup from `address`, or throws 1008. Every lookup is counted before it
 * runs (one atomic increment whose answer is compared); one that finds its card gives its count
 * back, so the limit counts the misses, and guessing codes stops after a few.
 */
export async function admitCardLookup(counter: Counter, address: string): Promise<{ found(): Promise<void> }> {
  const key = `card:ip:${address}`;
  if ((await counter.hit(key, LOGIN_WINDOW_MS)) > MAX_CARD_MISSES_PER_ADDRESS) {
    await counter.release(key);
    throw new ApiError(CODES.TOO_MANY, TOO_MANY);
  }
  return { found: () => counter.release(key) };
}

/**
 * Checks a signed-in member's own password (a password change, a phone change), its wrong tries
 * limited like sign-in's; answers whether it was right.
 */
export async function checkOwnPassword(
  counter: Counter,
  member: { id: number; account_key: string | null; password_hash: string | null },
  password: string,
  address: string,
): Promise<boolean> {
  const attempt = await admitSignIn(counter, member.account_key ?? `id:${member.id}`, address);
  let valid: boolean;
  try {
    valid = await checkPassword(member.password_hash ?? (await dummyHash()), password);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (valid) await attempt.succeeded();
  return valid;
}
