import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { LOCK_CODE_ITERATIONS } from '../../protocol/account.ts';
import type { LockCode } from '../../protocol/contracts/member.ts';
import { CODES } from '../../protocol/envelope.ts';
import { ApiError } from '../plugins/api-error.ts';
import type { Counter } from '../plugins/stores.ts';

const derive = promisify(pbkdf2);

/** Wrong current passcodes a member may send in the window before changing it is refused for a while. */
export const MAX_LOCK_CODE_TRIES = 5;
export const LOCK_CODE_WINDOW_MS = 15 * 60_000;

/** The hash a device computes the same way (WebCrypto PBKDF2-SHA256, 32 bytes). */
export async function lockHash(code: string, saltHex: string): Promise<string> {
  return (await derive(code, Buffer.from(saltHex, 'hex'), LOCK_CODE_ITERATIONS, 32, 'sha256')).toString('hex');
}

export async function newLockCode(code: string): Promise<{ salt: string; hash: string }> {
  const salt = randomBytes(16).toString('hex');
  return { salt, hash: await lockHash(code, salt) };
}

export function lockCodeOf(row: { lock_salt: string | null; lock_hash: string | null }): LockCode {
  return { enabled: row.lock_hash !== null, salt: row.lock_salt, hash: row.lock_hash, iterations: LOCK_CODE_ITERATIONS };
}

/**
 * Checks the member's current passcode before it changes; each try is counted first (one atomic
 * increment), a right one clears the count, so guessing stops after a few.
 */
export async function checkLockCode(
  counter: Counter,
  member: { id: number; lock_salt: string | null; lock_hash: string | null },
  code: string,
): Promise<boolean> {
  const key = `lock:${member.id}`;
  if ((await counter.hit(key, LOCK_CODE_WINDOW_MS)) > MAX_LOCK_CODE_TRIES) throw new ApiError(CODES.TOO_MANY, '尝试次数过多，请稍后再试');
  if (member.lock_salt === null || member.lock_hash === null) return false;
  const right = timingSafeEqual(Buffer.from(await lockHash(code, member.lock_salt), 'hex'), Buffer.from(member.lock_hash, 'hex'));
  if (right) await counter.clear(key);
  return right;
}
