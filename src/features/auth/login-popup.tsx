import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { toast } from '../../lib/toast.ts';
import { signIn, signUp } from './auth-api.ts';
import { authStore, hideLogin, type AuthMode } from '../../stores/auth-store.ts';
import styles from './login-popup.module.css';
import { canSubmitSignIn, canSubmitSignUp, validateSignIn, validateSignUp, type SignInForm, type SignUpForm } from './validation.ts';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

const COUNTRY_CODES = ['+86', '+852', '+853', '+886', '+1', '+60', '+65'] as const;

type Errors = Partial<Record<'account' | 'password' | 'confirmPassword', string>>;

function Field({ label, error, children, id }: { label: string; error?: string; children: ReactNode; id: string }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <p className={styles.error} id={`${id}-error`} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

function PasswordInput({
  id,
  value,
  onChange,
  autoComplete,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.password}>
      <input
        id={id}
        className={styles.input}
        type={shown ? 'text' : 'password'}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={invalid}
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
  );
}

function SignInPanel() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<SignInForm>({ account: '', mobile: '', password: '' });
  const [country, setCountry] = useState<string>(COUNTRY_CODES[0]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = validateSignIn(form);
    // Messages stay until the next submit (SPEC §5: they are not cleared while typing).
    setErrors(error ? { [error.field]: error.message } : {});
    if (error) return;
    setBusy(true);
    try {
      await signIn(form.account, form.password);
      hideLogin();
    } catch (failure) {
      console.warn('sign-in failed', failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label={t('auth.account')} id={`${id}-account`} error={errors.account}>
        <input
          id={`${id}-account`}
          className={styles.input}
          value={form.account}
          autoComplete="username"
          aria-invalid={Boolean(errors.account)}
          aria-describedby={`${id}-account-error`}
          onChange={(e) => setForm({ ...form, account: e.target.value })}
        />
      </Field>
      <Field label={t('auth.mobile')} id={`${id}-mobile`}>
        <div className={styles.mobile}>
          <select aria-label={t('auth.countryCode')} className={styles.country} value={country} onChange={(e) => setCountry(e.target.value)}>
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <input
            id={`${id}-mobile`}
            className={styles.input}
            inputMode="tel"
            autoComplete="tel-national"
            value={form.mobile}
            onChange={(e) => setForm({ ...form, mobile: e.target.value })}
          />
        </div>
      </Field>
      <Field label={t('auth.password')} id={`${id}-password`} error={errors.password}>
        <PasswordInput
          id={`${id}-password`}
          value={form.password}
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          onChange={(password) => setForm({ ...form, password })}
        />
      </Field>
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={!canSubmitSignIn(form) || busy}>
        {t('auth.signIn')}
      </button>
    </form>
  );
}

function SignUpPanel() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<SignUpForm>({ account: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = validateSignUp(form);
    setErrors(error ? { [error.field]: error.message } : {});
    if (error) return;
    setBusy(true);
    try {
      await signUp(form.account, form.password, form.confirmPassword);
      authStore.mode = 'signIn';
      hideLogin();
      toast(t('auth.signedUp'));
    } catch (failure) {
      console.warn('sign-up failed', failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field label={t('auth.account')} id={`${id}-account`} error={errors.account}>
        <input
          id={`${id}-account`}
          className={styles.input}
          value={form.account}
          autoComplete="username"
          aria-invalid={Boolean(errors.account)}
          aria-describedby={`${id}-account-error`}
          onChange={(e) => setForm({ ...form, account: e.target.value })}
        />
      </Field>
      <Field label={t('auth.password')} id={`${id}-password`} error={errors.password}>
        <PasswordInput
          id={`${id}-password`}
          value={form.password}
          autoComplete="new-password"
          invalid={Boolean(errors.password)}
          onChange={(password) => setForm({ ...form, password })}
        />
      </Field>
      <Field label={t('auth.confirmPassword')} id={`${id}-confirm`} error={errors.confirmPassword}>
        <PasswordInput
          id={`${id}-confirm`}
          value={form.confirmPassword}
          autoComplete="new-password"
          invalid={Boolean(errors.confirmPassword)}
          onChange={(confirmPassword) => setForm({ ...form, confirmPassword })}
        />
      </Field>
      <button type="submit" className={`${button.primary} ${button.block}`} disabled={!canSubmitSignUp(form) || busy}>
        {t('auth.signUp')}
      </button>
    </form>
  );
}

const TABS = [
  { mode: 'signIn', label: 'auth.signInTab' },
  { mode: 'signUp', label: 'auth.signUpTab' },
] as const satisfies readonly { mode: AuthMode; label: string }[];

/**
 * The login modal of SPEC §2: closable (×, Esc), deaf to backdrop clicks, above everything. A modal
 * <dialog>: the browser keeps focus inside and makes the page behind inert; focus goes back to
 * where it was when the popup closes.
 */
export function LoginPopup() {
  const { t } = useTranslation();
  const { mode } = useSnapshot(authStore);
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
      <div className={styles.tabs} role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="tab"
            id={`${headingId}-${tab.mode}`}
            aria-selected={mode === tab.mode}
            aria-controls={`${headingId}-panel`}
            className={styles.tab}
            onClick={() => (authStore.mode = tab.mode)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${headingId}-panel`} aria-labelledby={`${headingId}-${mode}`}>
        {mode === 'signIn' ? <SignInPanel /> : <SignUpPanel />}
      </div>
    </dialog>
  );
}
