import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCK_AFTER_HIDDEN_MS } from '../../../../protocol/account.ts';
import { deviceLock, keepLock, LOCK_FREE_TRIES, LOCK_MAX_TRIES, LOCK_WAIT_MS, noteHidden, shouldLock, tryUnlock } from '../../../../src/lib/lock-screen.ts';
import { freshStorage } from '../memory-storage.ts';

freshStorage('localStorage');

const SALT = '00112233445566778899aabbccddeeff';
const ITERATIONS = 1000;
const serverLock = (code: string) => ({
  enabled: true,
  salt: SALT,
  hash: pbkdf2Sync(code, Buffer.from(SALT, 'hex'), ITERATIONS, 32, 'sha256').toString('hex'),
  iterations: ITERATIONS,
});

describe('the lock screen on the device', () => {
  it('locks only a member with a passcode, after more than a minute away', () => {
    const now = Date.now();
    noteHidden(now - LOCK_AFTER_HIDDEN_MS - 1);
    expect(shouldLock(7, now)).toBe(false);
    keepLock(7, serverLock('2468'));
    expect(shouldLock(7, now)).toBe(true);
    expect(shouldLock(8, now)).toBe(false);
    noteHidden(now - 1000);
    expect(shouldLock(7, now)).toBe(false);
    keepLock(7, { enabled: false, salt: null, hash: null, iterations: ITERATIONS });
    expect(deviceLock(7)).toBeNull();
  });

  it('checks the code as the server hashes it, counts wrong ones in storage, waits, and finally signs out', async () => {
    keepLock(7, serverLock('2468'));
    let now = Date.now();
    for (let i = 1; i < LOCK_FREE_TRIES; i++) expect(await tryUnlock(7, '0000', now)).toEqual({ kind: 'wrong', left: LOCK_FREE_TRIES - i });
    expect(await tryUnlock(7, '0000', now)).toEqual({ kind: 'wait', until: now + LOCK_WAIT_MS });
    // While waiting even the right code is not checked.
    expect((await tryUnlock(7, '2468', now + 1000)).kind).toBe('wait');
    now += LOCK_WAIT_MS + 1;
    expect(await tryUnlock(7, '2468', now)).toEqual({ kind: 'ok' });
    expect(deviceLock(7)!.failures).toBe(0);
    // The same passcode from the server keeps the count; wrong codes up to the last sign the member out.
    for (let i = 0; i < LOCK_MAX_TRIES - 1; i++) {
      keepLock(7, serverLock('2468'));
      const result = await tryUnlock(7, '1111', now + i * 10 * LOCK_WAIT_MS * 2 ** i);
      expect(result.kind).not.toBe('ok');
    }
    expect((await tryUnlock(7, '1111', now + 1e12)).kind).toBe('out');
  });
});
