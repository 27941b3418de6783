// The probes of the trust review against sign-in: concurrency, lock-outs, argon2 memory, look-alikes.
import { describe, expect, it } from 'vitest';
import { API, type LoginResult, type UserInfo } from '../../protocol/api.ts';
import { ARGON2_CONCURRENCY, argon2Stats } from '../../server/accounts/passwords.ts';
import { MAX_FAILURES_PER_ADDRESS, MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/accounts/sign-in-limits.ts';
import { BACKENDS, call, suiteServer } from '../server/helpers.ts';

describe.each(BACKENDS)('sign-in under attack on $name', (backend) => {
  const server = suiteServer({ backend });

  const signUp = (account: string, password = 'secret1') =>
    call<UserInfo>(server.app, API.accountCreate, {
      body: { account, password, confirmPassword: password },
      remoteAddress: `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  it('checks at most the limit of 200 concurrent wrong passwords, while the owner signs in from elsewhere', async () => {
    const account = `burst_${Date.now()}`;
    await signUp(account);
    const checksBefore = argon2Stats.verifications;
    argon2Stats.peak = 0;
    const attack = Array.from({ length: 200 }, (_, i) =>
      call(server.app, API.loginOfficial, { body: { account, password: i === 199 ? 'secret1' : `wrong-${i}` }, remoteAddress: '10.66.0.1' }),
    );
    const owner = call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress: '10.77.0.1' });
    const [answers, mine] = await Promise.all([Promise.all(attack), owner]);
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(0);
    expect(codes.filter((c) => c === 1009).length).toBeLessThanOrEqual(MAX_TRIES_PER_ACCOUNT_AND_ADDRESS);
    expect(codes.filter((c) => c === 1008).length).toBeGreaterThanOrEqual(200 - MAX_TRIES_PER_ACCOUNT_AND_ADDRESS);
    // The attacker's checks plus the owner's one; never more hashes at once than the cap.
    expect(argon2Stats.verifications - checksBefore).toBeLessThanOrEqual(MAX_TRIES_PER_ACCOUNT_AND_ADDRESS + 1);
    expect(argon2Stats.peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    expect(mine.envelope.code).toBe(200);
    expect(mine.data.userInfo.account).toBe(account);
  });

  it('caps one address spraying many accounts at once', async () => {
    const address = '10.88.0.1';
    const checksBefore = argon2Stats.verifications;
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        call(server.app, API.loginOfficial, { body: { account: `spray_${i}_x`, password: 'wrong-pw' }, remoteAddress: address }),
      ),
    );
    expect(answers.filter((a) => a.envelope.code === 1009).length).toBe(MAX_FAILURES_PER_ADDRESS);
    expect(argon2Stats.verifications - checksBefore).toBe(MAX_FAILURES_PER_ADDRESS);
  });

  it('refuses names that differ from a member’s only in case, width or look-alike letters', async () => {
    const base = `alice_${Date.now() % 100000}`;
    expect((await signUp(base)).envelope.code).toBe(200);
    const variants: [string, string][] = [
      [base.toUpperCase(), '账号已存在'],
      [base.replace('a', 'ａ'), '账号已存在'], // full-width a: NFKC makes it the same name
      [base.replace('a', 'а'), '账号不能混用多种文字'], // Cyrillic а among Latin letters
      [base.replace('i', 'ı'), '账号与已有账号过于相似，请换一个'], // dotless ı
      [`аӏісе_${base.slice(6)}`, '账号与已有账号过于相似，请换一个'], // every letter a Cyrillic look-alike
    ];
    for (const [name, tip] of variants) {
      const { envelope } = await signUp(name);
      expect(envelope, name).toMatchObject({ code: tip === '账号不能混用多种文字' ? 1005 : 1009, tip });
    }
    // Names in one script, or Latin with Chinese, are fine; lengths count code points after NFKC.
    expect((await signUp(`张三李四${Date.now() % 1000}`)).envelope.code).toBe(200);
    expect((await signUp(`wang张${Date.now() % 1000}`)).envelope.code).toBe(200);
    expect((await signUp('张三李四王')).envelope).toMatchObject({ code: 1005, tip: '账号不少于6位' });
    // Sign-in finds the member by the same key, so the other case works too.
    const login = await call<LoginResult>(server.app, API.loginOfficial, {
      body: { account: base.toUpperCase(), password: 'secret1' },
      remoteAddress: '10.99.0.1',
    });
    expect(login.envelope.code).toBe(200);
    expect(login.data.userInfo.account).toBe(base);
  });

  it('creates one account when the same name is signed up 20 times at once', async () => {
    const account = `race_${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(i % 2 ? account : account.toUpperCase())));
    expect(answers.filter((a) => a.envelope.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.envelope.code === 1009)).toHaveLength(19);
  });
});
