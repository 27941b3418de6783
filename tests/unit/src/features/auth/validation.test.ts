import { describe, expect, it } from 'vitest';
import { canSubmitSignIn, canSubmitSignUp, validateSignIn, validateSignUp } from '../../../../../src/features/auth/validation.ts';

/** A failed rule as the form shows it: under which field, with which message. */
const fails = (field: string, message: string) => ({ field, message });

describe('sign-in validation order (SPEC §5)', () => {
  it.each([
    ['', '', fails('account', '请输入账号')],
    ['ab', '', fails('password', '请输入密码')],
    ['ab', '1', fails('account', '账号长度不少于6位')],
    ['abcdef', '1', fails('password', '密码长度不少于6位')],
    ['abcdef', '123456', null],
  ])('reports the first failing rule under its field: account %j, password %j', (account, password, verdict) => {
    expect(validateSignIn({ account, mobile: '', password })).toEqual(verdict);
  });

  it.each([
    ['', '', 'x', false],
    ['a', '', '', false],
    ['', '138', 'x', true],
    ['a', '', 'x', true],
  ])('submits only with an account or a mobile and a password: %j, %j, %j', (account, mobile, password, enabled) => {
    expect(canSubmitSignIn({ account, mobile, password })).toBe(enabled);
  });
});

describe('sign-up validation order (SPEC §5)', () => {
  it.each([
    ['', '', '', fails('account', '请输入账号')],
    ['a', '', '', fails('password', '请输入密码')],
    ['a', '1', '', fails('password', '请输入确认密码')],
    ['a', '1', '2', fails('confirmPassword', '两次密码不一致 请重新确认')],
    ['a', '1', '1', fails('account', '账号不少于6位')],
    ['abcdef', '1', '1', fails('password', '密码不少于6位')],
    ['abcdef', '123456', '123456', null],
  ])('reports the first failing rule, the missing confirmation in the password slot: %j, %j, %j', (account, password, confirmPassword, verdict) => {
    expect(validateSignUp({ account, password, confirmPassword })).toEqual(verdict);
  });

  it('enables submit only when all three fields are filled', () => {
    expect(canSubmitSignUp({ account: 'a', password: 'b', confirmPassword: '' })).toBe(false);
    expect(canSubmitSignUp({ account: '', password: 'b', confirmPassword: 'c' })).toBe(false);
    expect(canSubmitSignUp({ account: 'a', password: 'b', confirmPassword: 'c' })).toBe(true);
  });
});

describe('lengths count like the server: code points after NFKC', () => {
  it('counts an emoji or a Chinese character as one, full-width letters as their plain forms', () => {
    const signUp = (account: string) => validateSignUp({ account, password: 'secret1', confirmPassword: 'secret1' });
    expect(signUp('😀😀😀😀😀😀')).toBeNull();
    expect(signUp('张三李四王五')).toBeNull();
    expect(signUp('e\u0301e\u0301e\u0301')).toEqual(fails('account', '账号不少于6位'));
    expect(validateSignIn({ account: '张三李四王五', mobile: '', password: '密码密码密码' })).toBeNull();
    expect(validateSignIn({ account: 'someone', mobile: '', password: '😀😀😀' })).toEqual(fails('password', '密码长度不少于6位'));
  });
});
