// Lengths count like the server counts: code points after NFKC (protocol/account.ts).
import { i18n } from '../../i18n/index.ts';
import { ACCOUNT_MIN, CAPTCHA_LENGTH, PASSWORD_MIN, textLength } from '../../../protocol/account.ts';
import { phoneError } from '../../components/phone-fields.tsx';

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
  if (!form.account) return { field: 'account', message: i18n.t('auth.enterAccount') };
  if (!form.password) return { field: 'password', message: i18n.t('auth.enterPassword') };
  if (textLength(form.account) < ACCOUNT_MIN) return { field: 'account', message: i18n.t('auth.accountTooShort') };
  if (textLength(form.password) < PASSWORD_MIN) return { field: 'password', message: i18n.t('auth.passwordTooShort') };
  return null;
}

/** First failing rule of SPEC §5 sign-up; a missing confirmation is reported in the password slot. */
export function validateSignUp(form: SignUpForm): FieldError<'account' | 'password' | 'confirmPassword'> {
  if (!form.account) return { field: 'account', message: i18n.t('auth.enterAccount') };
  if (!form.password) return { field: 'password', message: i18n.t('auth.enterPassword') };
  if (!form.confirmPassword) return { field: 'password', message: i18n.t('auth.enterConfirmPassword') };
  if (form.password !== form.confirmPassword) return { field: 'confirmPassword', message: i18n.t('auth.passwordsDiffer') };
  if (textLength(form.account) < ACCOUNT_MIN) return { field: 'account', message: i18n.t('auth.signUpAccountTooShort') };
  if (textLength(form.password) < PASSWORD_MIN) return { field: 'password', message: i18n.t('auth.signUpPasswordTooShort') };
  return null;
}

export function canSubmitSignIn(form: SignInForm): boolean {
  return !((form.account === '' && form.mobile === '') || form.password === '');
}

export function canSubmitSignUp(form: SignUpForm): boolean {
  return form.account !== '' && form.password !== '' && form.confirmPassword !== '';
}

export interface PhoneForm {
  country: string;
  mobile: string;
  code: string;
}

export interface ResetForm extends PhoneForm {
  password: string;
  confirmPassword: string;
}

/** The phone is a number of its country (the same rule the server applies). */
export function validatePhone(form: { country: string; mobile: string }): FieldError<'mobile'> {
  const message = phoneError(form);
  return message === null ? null : { field: 'mobile', message };
}

/** Phone sign-in: the phone, then the code. */
export function validatePhoneSignIn(form: PhoneForm): FieldError<'mobile' | 'code'> {
  const phone = validatePhone(form);
  if (phone) return phone;
  if (!new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(form.code)) return { field: 'code', message: i18n.t('auth.enterCode', { length: CAPTCHA_LENGTH }) };
  return null;
}

/** Password reset: the phone and code, then the new password as sign-up checks it. */
export function validateReset(form: ResetForm): FieldError<'mobile' | 'code' | 'password' | 'confirmPassword'> {
  const phone = validatePhoneSignIn(form);
  if (phone) return phone;
  if (!form.password) return { field: 'password', message: i18n.t('auth.enterPassword') };
  if (form.password !== form.confirmPassword) return { field: 'confirmPassword', message: i18n.t('auth.passwordsDiffer') };
  if (textLength(form.password) < PASSWORD_MIN) return { field: 'password', message: i18n.t('auth.signUpPasswordTooShort') };
  return null;
}
