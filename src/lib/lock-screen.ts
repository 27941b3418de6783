import { LOCK_AFTER_HIDDEN_MS } from '../../protocol/account.ts';
import type { LockCode } from '../../protocol/member-api.ts';
import { fromHex, toHex, utf8 } from '../../protocol/bytes.ts';

/**
 * The lock-screen passcode on this device (DECISIONS: a hash on the device, so it works offline,
 * tries limited on the device). The server's salt and hash are kept per member; the app asks for
 * the code when it comes back after being hidden for more than a minute, or starts again later.
 */
const LOCK_KEY = 'md-lock';
const HIDDEN_KEY = 'md-hidden-at';
/** Wrong codes before the lock waits, and wrong codes in all before it signs the member out. */
export const LOCK_FREE_TRIES = 5;
export const LOCK_MAX_TRIES = 10;
/** The first wait after the free tries; each further wrong code doubles it. */
export const LOCK_WAIT_MS = 30_000;

export interface DeviceLock {
  userId: number;
  salt: string;
  hash: string;
  iterations: number;
  /** Wrong codes since the last right one. */
  failures: number;
  /** No code is checked before this time (ms since the epoch). */
  waitUntil: number;
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: the lock cannot be kept on this device.
  }
}

/** The member's passcode on this device, or null when they have none here. */
export function deviceLock(userId: number): DeviceLock | null {
  const lock = read<DeviceLock>(LOCK_KEY);
  return lock?.userId === userId && typeof lock.hash === 'string' && typeof lock.salt === 'string' ? lock : null;
}

/** Keeps what the server says of the member's passcode (none: the device lock goes). */
export function keepLock(userId: number, code: LockCode): void {
  if (!code.enabled || !code.salt || !code.hash) return write(LOCK_KEY, null);
  const known = deviceLock(userId);
  // The same passcode keeps its count of wrong tries; a new one starts afresh.
  const fresh = !known || known.hash !== code.hash;
  write(LOCK_KEY, {
    userId,
    salt: code.salt,
    hash: code.hash,
    iterations: code.iterations,
    failures: fresh ? 0 : known.failures,
    waitUntil: fresh ? 0 : known.waitUntil,
  });
}

export function forgetLock(): void {
  write(LOCK_KEY, null);
}

export function noteHidden(now = Date.now()): void {
  write(HIDDEN_KEY, now);
}

export function clearHidden(): void {
  write(HIDDEN_KEY, null);
}

/** Whether the app was away long enough that the member's passcode is asked for. */
export function shouldLock(userId: number, now = Date.now()): boolean {
  const hiddenAt = read<number>(HIDDEN_KEY);
  return deviceLock(userId) !== null && typeof hiddenAt === 'number' && now - hiddenAt > LOCK_AFTER_HIDDEN_MS;
}

/** PBKDF2-SHA256 as the server computes it (server/accounts/lock-code.ts). */
export async function lockHash(code: string, saltHex: string, iterations: number): Promise<string> {
  // The helpers answer plain ArrayBuffer-backed arrays, as WebCrypto wants.
  const key = await crypto.subtle.importKey('raw', utf8(code) as Uint8Array<ArrayBuffer>, 'PBKDF2', false, ['deriveBits']);
  const salt = fromHex(saltHex) as Uint8Array<ArrayBuffer>;
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toHex(new Uint8Array(bits));
}

export type UnlockResult = { kind: 'ok' } | { kind: 'wrong'; left: number } | { kind: 'wait'; until: number } | { kind: 'out' };

/**
 * Checks a code against the device's lock. Wrong codes are counted in storage before the answer
 * (a reload does not reset them): after the free tries each one waits longer, and at the last the
 * member is to be signed out.
 */
export async function tryUnlock(userId: number, code: string, now = Date.now()): Promise<UnlockResult> {
  const lock = deviceLock(userId);
  if (!lock) return { kind: 'ok' };
  if (lock.waitUntil > now) return { kind: 'wait', until: lock.waitUntil };
  const right = (await lockHash(code, lock.salt, lock.iterations)) === lock.hash;
  const current = deviceLock(userId) ?? lock;
  if (right) {
    write(LOCK_KEY, { ...current, failures: 0, waitUntil: 0 });
    clearHidden();
    return { kind: 'ok' };
  }
  const failures = current.failures + 1;
  if (failures >= LOCK_MAX_TRIES) return { kind: 'out' };
  const waitUntil = failures >= LOCK_FREE_TRIES ? now + LOCK_WAIT_MS * 2 ** (failures - LOCK_FREE_TRIES) : 0;
  write(LOCK_KEY, { ...current, failures, waitUntil });
  return waitUntil > 0 ? { kind: 'wait', until: waitUntil } : { kind: 'wrong', left: LOCK_FREE_TRIES - failures };
}
