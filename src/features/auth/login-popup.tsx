import { TabList, tabId } from '../../components/ui/tab-list.tsx';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { toast } from '../../lib/toast.ts';
import { signIn, signUp } from './auth-api.ts';
import { authStore, hideLogin, type AuthMode } from '../../stores/auth-store.ts';
import styles from './login-popup.module.css';
import fields from '../../components/ui/form.module.css';
import { canSubmitSignIn, canSubmitSignUp, validateSignIn, validateSignUp, type FieldError, type SignInForm, type SignUpForm } from './validation.ts';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';

const COUNTRY_CODES = ['+86', '+852', '+853', '+886', '+1', '+60', '+65'] as const;

type Errors = Partial<Record<'account' | 'password' | 'confirmPassword', string>>;

function Field({ label, error, children, id }: { label: string; error?: string; children: ReactNode; id: string }) {
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <p className={fields.error} id={`${id}-error`} aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

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
  return { id, form, set, errors, busy, submit };
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
  const [country, setCountry] = useState<string>(COUNTRY_CODES[0]);
  const { id, form, set, errors, busy, submit } = useAuthForm<SignInForm>({ account: '', mobile: '', password: '' }, validateSignIn, async (form) => {
    await signIn(form.account, form.password);
    hideLogin();
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <AccountField id={id} value={form.account} error={errors.account} onChange={(account) => set({ account })} />
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
            className={fields.input}
            inputMode="tel"
            autoComplete="tel-national"
            value={form.mobile}
            onChange={(e) => set({ mobile: e.target.value })}
          />
        </div>
      </Field>
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
    </form>
  );
}

function SignUpPanel() {
  const { t } = useTranslation();
  const { id, form, set, errors, busy, submit } = useAuthForm<SignUpForm>({ account: '', password: '', confirmPassword: '' }, validateSignUp, async (form) => {
    const member = await signUp(form.account, form.password, form.confirmPassword);
    authStore.mode = 'signIn';
    hideLogin();
    toast(member ? t('auth.signedUpIn') : t('auth.signedUp'));
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <AccountField id={id} value={form.account} error={errors.account} onChange={(account) => set({ account })} />
      <PasswordField
        id={`${id}-password`}
        label={t('auth.password')}
        value={form.password}
        error={errors.password}
        autoComplete="new-password"
        onChange={(password) => set({ password })}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('auth.confirmPassword')}
        value={form.confirmPassword}
        error={errors.confirmPassword}
        autoComplete="new-password"
        onChange={(confirmPassword) => set({ confirmPassword })}
      />
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
      <TabList
        tabs={TABS.map((tab) => ({ key: tab.mode, label: t(tab.label) }))}
        selected={mode}
        onSelect={(next) => (authStore.mode = next)}
        className={styles.tabs}
        tabClassName={styles.tab}
        idBase={headingId}
      />
      <div role="tabpanel" id={`${headingId}-panel`} aria-labelledby={tabId(headingId, mode)}>
        {mode === 'signIn' ? <SignInPanel /> : <SignUpPanel />}
      </div>
    </dialog>
  );
}
