import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCK_CODE_ITERATIONS } from '../../protocol/account.ts';
import { CODES } from '../../protocol/envelope.ts';
import { MEMBER_API, type LockCode } from '../../protocol/member-api.ts';
import { MAX_LOCK_CODE_TRIES } from '../../server/accounts/lock-code.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('the lock-screen passcode on $name', (backend) => {
  const server = suiteServer({ backend });
  const set = (token: string, body: Record<string, unknown>) => call<LockCode>(server.app, MEMBER_API.lockCodeSet, { token, body });
  const info = (token: string) => call<LockCode>(server.app, MEMBER_API.lockCodeInfo, { token, body: {} });

  it('sets a passcode a device can check offline, changes it only with the current one, and removes it', async () => {
    const m = await signUpMember(server.app, 'lk');
    expect((await info(m.token)).data).toEqual({ enabled: false, salt: null, hash: null, iterations: LOCK_CODE_ITERATIONS });
    const first = await set(m.token, { code: '2468' });
    expect(first.data.enabled).toBe(true);
    // What a device computes with WebCrypto from the digits and the salt.
    expect(pbkdf2Sync('2468', Buffer.from(first.data.salt!, 'hex'), LOCK_CODE_ITERATIONS, 32, 'sha256').toString('hex')).toBe(first.data.hash);
    // Another device of the member learns the same.
    expect((await info(m.token)).data).toEqual(first.data);

    expect((await set(m.token, { code: '1357' })).envelope.tip).toBe('请输入当前锁屏密码');
    expect((await set(m.token, { code: '1357', oldCode: '0000' })).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '当前锁屏密码错误' });
    const changed = await set(m.token, { code: '135790', oldCode: '2468' });
    expect(changed.data.salt).not.toBe(first.data.salt);
    expect((await set(m.token, { code: '', oldCode: '135790' })).data).toMatchObject({ enabled: false, hash: null });
    expect((await set(m.token, { code: '' })).envelope.tip).toBe('尚未设置锁屏密码');
  });

  it('limits wrong current passcodes, even when they race', async () => {
    const m = await signUpMember(server.app, 'lk');
    await set(m.token, { code: '8642' });
    const tries = await Promise.all(Array.from({ length: 20 }, () => set(m.token, { code: '1111', oldCode: '0000' })));
    expect(tries.filter((t) => t.envelope.code === CODES.AUTH_FAILED)).toHaveLength(MAX_LOCK_CODE_TRIES);
    expect(tries.filter((t) => t.envelope.code === CODES.TOO_MANY)).toHaveLength(20 - MAX_LOCK_CODE_TRIES);
    // Refused for a while, even with the right code.
    expect((await set(m.token, { code: '1111', oldCode: '8642' })).envelope.code).toBe(CODES.TOO_MANY);
  });

  it('is for members, keeps to the caller, and refuses bad input clearly', async () => {
    const a = await signUpMember(server.app, 'lk');
    const b = await signUpMember(server.app, 'lk');
    await set(a.token, { code: '4321' });
    expect((await info(b.token)).data.enabled).toBe(false);
    const guest = await newGuest(server.app);
    expect((await set(guest.token, { code: '1234' })).envelope.code).toBe(CODES.FORBIDDEN);
    for (const code of ['123', '1234567', 'abcd', '12 34', '１２３４']) expect((await set(b.token, { code })).envelope.code, code).toBe(CODES.BAD_REQUEST);
    expect((await set(b.token, { code: 1234 })).envelope.code).toBe(CODES.BAD_REQUEST);
  });
});
