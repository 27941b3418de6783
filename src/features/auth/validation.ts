// Lengths count like the server counts: code points after NFKC (protocol/account.ts).
import { ACCOUNT_MIN, PASSWORD_MIN, textLength } from '../../../protocol/account.ts';

export interface SignInForm {
  account: string;
  mobile: string;
  password: string;
}

export interface SignUpForm {
  account: string;
  password: string;
  confirmPassword: string;
}

export type FieldError<F extends string> = { field: F; message: string } | null;

/** First failing rule of SPEC §5 sign-in, in order. */
export function validateSignIn(form: SignInForm): FieldError<'account' | 'password'> {
  if (!form.account) return { field: 'account', message: '请输入账号' };
  if (!form.password) return { field: 'password', message: '请输入密码' };
  if (textLength(form.account) < ACCOUNT_MIN) return { field: 'account', message: '账号长度不少于6位' };
  if (textLength(form.password) < PASSWORD_MIN) return { field: 'password', message: '密码长度不少于6位' };
  return null;
}

/** First failing rule of SPEC §5 sign-up; a missing confirmation is reported in the password slot. */
export function validateSignUp(form: SignUpForm): FieldError<'account' | 'password' | 'confirmPassword'> {
  if (!form.account) return { field: 'account', message: '请输入账号' };
  if (!form.password) return { field: 'password', message: '请输入密码' };
  if (!form.confirmPassword) return { field: 'password', message: '请输入确认密码' };
  if (form.password !== form.confirmPassword) return { field: 'confirmPassword', message: '两次密码不一致 请重新确认' };
  if (textLength(form.account) < ACCOUNT_MIN) return { field: 'account', message: '账号不少于6位' };
  if (textLength(form.password) < PASSWORD_MIN) return { field: 'password', message: '密码不少于6位' };
  return null;
}

export function canSubmitSignIn(form: SignInForm): boolean {
  return !((form.account === '' && form.mobile === '') || form.password === '');
}

export function canSubmitSignUp(form: SignUpForm): boolean {
  return form.account !== '' && form.password !== '' && form.confirmPassword !== '';
}
