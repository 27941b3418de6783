import { describe, expect, it } from 'vitest';
import { canSubmitSignIn, canSubmitSignUp, validateSignIn, validateSignUp } from '../../../../../src/features/auth/validation.ts';

describe('sign-in validation order (SPEC §5)', () => {
  it('reports the first failing rule under its field', () => {
    expect(validateSignIn({ account: '', mobile: '', password: '' })).toEqual({ field: 'account', message: '请输入账号' });
    expect(validateSignIn({ account: 'ab', mobile: '', password: '' })).toEqual({ field: 'password', message: '请输入密码' });
    expect(validateSignIn({ account: 'ab', mobile: '', password: '1' })).toEqual({ field: 'account', message: '账号长度不少于6位' });
    expect(validateSignIn({ account: 'abcdef', mobile: '', password: '1' })).toEqual({ field: 'password', message: '密码长度不少于6位' });
    expect(validateSignIn({ account: 'abcdef', mobile: '', password: '123456' })).toBeNull();
  });

  it('disables submit when account and mobile are both empty or the password is empty', () => {
    expect(canSubmitSignIn({ account: '', mobile: '', password: 'x' })).toBe(false);
    expect(canSubmitSignIn({ account: 'a', mobile: '', password: '' })).toBe(false);
    expect(canSubmitSignIn({ account: '', mobile: '138', password: 'x' })).toBe(true);
    expect(canSubmitSignIn({ account: 'a', mobile: '', password: 'x' })).toBe(true);
  });
});

describe('sign-up validation order (SPEC §5)', () => {
  it('reports the first failing rule, the missing confirmation in the password slot', () => {
    expect(validateSignUp({ account: '', password: '', confirmPassword: '' })).toEqual({ field: 'account', message: '请输入账号' });
    expect(validateSignUp({ account: 'a', password: '', confirmPassword: '' })).toEqual({ field: 'password', message: '请输入密码' });
    expect(validateSignUp({ account: 'a', password: '1', confirmPassword: '' })).toEqual({ field: 'password', message: '请输入确认密码' });
    expect(validateSignUp({ account: 'a', password: '1', confirmPassword: '2' })).toEqual({
      field: 'confirmPassword',
      message: '两次密码不一致 请重新确认',
    });
    expect(validateSignUp({ account: 'a', password: '1', confirmPassword: '1' })).toEqual({ field: 'account', message: '账号不少于6位' });
    expect(validateSignUp({ account: 'abcdef', password: '1', confirmPassword: '1' })).toEqual({ field: 'password', message: '密码不少于6位' });
    expect(validateSignUp({ account: 'abcdef', password: '123456', confirmPassword: '123456' })).toBeNull();
  });

  it('enables submit only when all three fields are filled', () => {
    expect(canSubmitSignUp({ account: 'a', password: 'b', confirmPassword: '' })).toBe(false);
    expect(canSubmitSignUp({ account: '', password: 'b', confirmPassword: 'c' })).toBe(false);
    expect(canSubmitSignUp({ account: 'a', password: 'b', confirmPassword: 'c' })).toBe(true);
  });
});

describe('lengths count like the server: code points after NFKC', () => {
  it('counts an emoji or a Chinese character as one, full-width letters as their plain forms', () => {
    expect(validateSignUp({ account: '😀😀😀😀😀😀', password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
    expect(validateSignUp({ account: '张三李四王五', password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
    expect(validateSignUp({ account: 'e\u0301e\u0301e\u0301', password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      field: 'account',
      message: '账号不少于6位',
    });
    expect(validateSignIn({ account: '张三李四王五', mobile: '', password: '密码密码密码' })).toBeNull();
    expect(validateSignIn({ account: 'someone', mobile: '', password: '😀😀😀' })).toEqual({ field: 'password', message: '密码长度不少于6位' });
  });
});
