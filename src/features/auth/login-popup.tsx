import { Link, useRouter } from '@tanstack/react-router';
import { TabList, tabId } from '../../components/ui/tab-list.tsx';
import { Field } from '../../components/ui/form-field.tsx';
import { CaptchaInput, EMPTY_PHONE, PhoneInput } from '../../components/phone-fields.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { toast } from '../../lib/toast.ts';
import { resetPassword, sendCaptcha, signIn, signInByPhone, signUp } from './auth-api.ts';
import { authStore, hideLogin, takeNextPage, type AuthMode } from '../../stores/auth-store.ts';
import styles from './login-popup.module.css';
import fields from '../../components/ui/form.module.css';
import {
  canSubmitSignIn,
  canSubmitSignUp,
  validatePhone,
  validatePhoneSignIn,
  validateReset,
  validateSignIn,
  validateSignUp,
  type FieldError,
  type PhoneForm,
  type ResetForm,
  type SignInForm,
  type SignUpForm,
} from './validation.ts';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

type Errors = Partial<Record<'account' | 'password' | 'confirmPassword' | 'mobile' | 'code', string>>;

function PasswordField({
  id,
  label,
  value,
  error,
  onChange,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoComplete: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} id={id} error={error}>
      <div className={styles.password}>
        <input
          id={id}
          className={fields.input}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={shown}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('auth.hide') : t('auth.show')}
        </button>
      </div>
    </Field>
  );
}

/**
 * A panel's form state: the fields, the messages of the last submit (SPEC §5: they stay while the
 * user types), and the busy flag while the call runs. A failed call has already shown its toast.
 */
function useAuthForm<F extends object>(initial: F, validate: (form: F) => FieldError<string>, send: (form: F) => Promise<void>) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = validate(form);
    setErrors(error ? { [error.field]: error.message } : {});
    if (error) return;
    setBusy(true);
    try {
      await send(form);
    } catch (failure) {
      console.warn('auth call failed', failure);
    } finally {
      setBusy(false);
    }
  }

  const set = (changes: Partial<F>) => setForm({ ...form, ...changes });
  return { id, form, set, errors, setErrors, busy, submit };
}

function AccountField({ id, value, error, onChange }: { id: string; value: string; error?: string; onChange: (account: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.account')} id={`${id}-account`} error={error}>
      <input
        id={`${id}-account`}
        className={fields.input}
        value={value}
        autoComplete="username"
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-account-error`}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function SignInPanel() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [country, setCountry] = useState(EMPTY_PHONE.country);
  const { id, form, set, errors, busy, submit } = useAuthForm<SignInForm>({ account: '', mobile: '', password: '' }, validateSignIn, async (form) => {
    await signIn(form.account, form.password);
    finish();
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <AccountField id={id} value={form.account} error={errors.account} onChange={(account) => set({ account })} />
      <PhoneInput
        id={`${id}-mobile`}
        value={{ country, mobile: form.mobile }}
        onChange={(phone) => (setCountry(phone.country), set({ mobile: phone.mobile }))}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        value={form.password}
        error={errors.password}
        autoComplete="current-password"
        onChange={(password) => set({ password })}
      />
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={!canSubmitSignIn(form) || busy}>
        {t('auth.signIn')}
      </button>
      <p className={styles.ways}>
        <button type="button" className={styles.way} onClick={() => (authStore.mode = 'phone')}>
          {t('auth.byPhone')}
        </button>
        <button type="button" className={styles.way} onClick={() => (authStore.mode = 'reset')}>
          {t('auth.forgot')}
        </button>
      </p>
    </form>
  );
}

/** The code's send button: checks the phone first (its message shows under the phone), then asks. */
function useSendCode(phone: { country: string; mobile: string }, purpose: 'login' | 'reset', showError: (message: string) => void) {
  const { t } = useTranslation();
  return async () => {
    const error = validatePhone(phone);
    if (error) {
      showError(error.message);
      throw new Error(error.message);
    }
    const wait = await sendCaptcha(phone, purpose);
    toast(t('auth.codeSent'));
    return wait;
  };
}

function PhonePanel() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const { id, form, set, errors, setErrors, busy, submit } = useAuthForm<PhoneForm>({ ...EMPTY_PHONE, code: '' }, validatePhoneSignIn, async (form) => {
    await signInByPhone(form, form.code);
    finish();
  });
  const sendCode = useSendCode(form, 'login', (mobile) => setErrors({ mobile }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="phone-sign-in">
      <PhoneInput id={`${id}-mobile`} value={form} error={errors.mobile} onChange={set} />
      <CaptchaInput id={`${id}-code`} value={form.code} error={errors.code} onChange={(code) => set({ code })} onSend={sendCode} canSend={form.mobile !== ''} />
      <p className={styles.hint}>{t('auth.phoneHint')}</p>
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={form.mobile === '' || form.code === '' || busy}>
        {t('auth.signIn')}
      </button>
      <p className={styles.ways}>
        <button type="button" className={styles.way} onClick={() => (authStore.mode = 'signIn')}>
          {t('auth.byPassword')}
        </button>
      </p>
    </form>
  );
}

function ResetPanel() {
  const { t } = useTranslation();
  const { id, form, set, errors, setErrors, busy, submit } = useAuthForm<ResetForm>(
    { ...EMPTY_PHONE, code: '', password: '', confirmPassword: '' },
    validateReset,
    async (form) => {
      await resetPassword(form, form.code, form.password, form.confirmPassword);
      authStore.mode = 'signIn';
      toast(t('auth.resetDone'));
    },
  );
  const sendCode = useSendCode(form, 'reset', (mobile) => setErrors({ mobile }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="password-reset">
      <p className={styles.hint}>{t('auth.resetHeading')}</p>
      <PhoneInput id={`${id}-mobile`} value={form} error={errors.mobile} onChange={set} />
      <CaptchaInput id={`${id}-code`} value={form.code} error={errors.code} onChange={(code) => set({ code })} onSend={sendCode} canSend={form.mobile !== ''} />
      <NewPasswordFields id={id} labels={['auth.newPassword', 'auth.confirmNewPassword']} form={form} errors={errors} onChange={set} />
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={busy}>
        {t('auth.reset')}
      </button>
      <p className={styles.ways}>
        <button type="button" className={styles.way} onClick={() => (authStore.mode = 'signIn')}>
          {t('auth.backToSignIn')}
        </button>
      </p>
    </form>
  );
}

/** A new password and its confirmation (sign-up, reset). */
function NewPasswordFields({
  id,
  labels,
  form,
  errors,
  onChange,
}: {
  id: string;
  labels: readonly ['auth.password' | 'auth.newPassword', 'auth.confirmPassword' | 'auth.confirmNewPassword'];
  form: { password: string; confirmPassword: string };
  errors: Errors;
  onChange: (changes: { password?: string; confirmPassword?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={`${id}-password`}
        label={t(labels[0])}
        value={form.password}
        error={errors.password}
        autoComplete="new-password"
        onChange={(password) => onChange({ password })}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t(labels[1])}
        value={form.confirmPassword}
        error={errors.confirmPassword}
        autoComplete="new-password"
        onChange={(confirmPassword) => onChange({ confirmPassword })}
      />
    </>
  );
}

function SignUpPanel() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const { id, form, set, errors, busy, submit } = useAuthForm<SignUpForm>({ account: '', password: '', confirmPassword: '' }, validateSignUp, async (form) => {
    const member = await signUp(form.account, form.password, form.confirmPassword);
    authStore.mode = 'signIn';
    finish();
    toast(member ? t('auth.signedUpIn') : t('auth.signedUp'));
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <AccountField id={id} value={form.account} error={errors.account} onChange={(account) => set({ account })} />
      <NewPasswordFields id={id} labels={['auth.password', 'auth.confirmPassword']} form={form} errors={errors} onChange={set} />
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={!canSubmitSignUp(form) || busy}>
        {t('auth.signUp')}
      </button>
      <p className={styles.agree} data-testid="sign-up-agreement">
        {t('support.agreeBefore')}
        <Link to="/contactUs" hash="terms" onClick={hideLogin}>
          {t('support.agreeTerms')}
        </Link>
        {t('support.agreeAnd')}
        <Link to="/contactUs" hash="privacy" onClick={hideLogin}>
          {t('support.agreePrivacy')}
        </Link>
      </p>
    </form>
  );
}

const TABS = [
  { mode: 'signIn', label: 'auth.signInTab' },
  { mode: 'signUp', label: 'auth.signUpTab' },
] as const satisfies readonly { mode: AuthMode; label: string }[];

/** After a sign-in or sign-up: closes the popup and opens the members' page a guest had asked for, if any. */
function useFinishSignIn(): () => void {
  const router = useRouter();
  return () => {
    const page = takeNextPage();
    hideLogin();
    if (page) router.history.push(page);
  };
}

/**
 * The login modal of SPEC §2: closable (×, Esc), deaf to backdrop clicks, above everything. A modal
 * <dialog>: the browser keeps focus inside and makes the page behind inert; focus goes back to
 * where it was when the popup closes.
 */
export function LoginPopup() {
  const { t } = useTranslation();
  const { mode, reason } = useSnapshot(authStore);
  const headingId = useId();
  const dialogRef = useModalDialog(hideLogin);

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [mode, dialogRef]);

  return (
    <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={headingId}>
      <button type="button" className={styles.close} aria-label={t('app.close')} onClick={hideLogin}>
        ×
      </button>
      <h2 id={headingId} className={styles.heading}>
        {t('auth.heading')}
      </h2>
      {reason === 'member' ? (
        <p className={styles.reason} data-testid="login-reason">
          {t('auth.memberOnly')}
        </p>
      ) : null}
      <TabList
        tabs={TABS.map((tab) => ({ key: tab.mode, label: t(tab.label) }))}
        selected={mode === 'signUp' ? 'signUp' : 'signIn'}
        onSelect={(next) => (authStore.mode = next)}
        className={styles.tabs}
        tabClassName={styles.tab}
        idBase={headingId}
      />
      <div role="tabpanel" id={`${headingId}-panel`} aria-labelledby={tabId(headingId, mode === 'signUp' ? 'signUp' : 'signIn')}>
        {mode === 'signUp' ? <SignUpPanel /> : mode === 'phone' ? <PhonePanel /> : mode === 'reset' ? <ResetPanel /> : <SignInPanel />}
      </div>
    </dialog>
  );
}
