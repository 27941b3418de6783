import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { CODES } from '../../protocol/envelope.ts';
import { ApiError } from '../plugins/api-error.ts';

// OWASP's argon2id baseline: 19 MiB, two passes, one lane. Algorithm 2 is Argon2id; the package
// exports it as a const enum, which isolated modules cannot inline.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash holds 19 MiB and a core for tens of milliseconds, so a burst of sign-ins must not run
 * them all at once: at most ARGON2_CONCURRENCY run, ARGON2_QUEUE wait, and the rest are told to
 * come back (1008) instead of piling up memory.
 */
export const ARGON2_CONCURRENCY = 4;
export const ARGON2_QUEUE = 64;
const limit = pLimit(ARGON2_CONCURRENCY);

/** How many hashes and verifications ran (the security tests count password checks with it). */
export const argon2Stats = { hashes: 0, verifications: 0, peak: 0 };

function run<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= ARGON2_QUEUE) return Promise.reject(new ApiError(CODES.TOO_MANY, '服务器繁忙，请稍后再试'));
  return limit(async () => {
    argon2Stats.peak = Math.max(argon2Stats.peak, limit.activeCount);
    return work();
  });
}

export function hashPassword(password: string): Promise<string> {
  return run(() => {
    argon2Stats.hashes++;
    return hash(password, OPTIONS);
  });
}

export function checkPassword(stored: string, password: string): Promise<boolean> {
  return run(async () => {
    argon2Stats.verifications++;
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

let dummy: Promise<string> | null = null;
/** A hash to verify against when the account does not exist, so timing does not reveal it. */
export function dummyHash(): Promise<string> {
  dummy ??= hash('not-a-real-password', OPTIONS);
  return dummy;
}
