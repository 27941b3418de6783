import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { CAPTCHA_LENGTH } from '../../../protocol/account.ts';
import { CaptchaInput, EMPTY_PHONE, PhoneInput, phoneError, splitPhone } from '../../components/phone-fields.tsx';
import button from '../../components/ui/button.module.css';
import { PasswordField } from '../../components/ui/form-field.tsx';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import styles from './account.module.css';
import { sendBindCode, useSavePhone } from './api/account.ts';

/** `+8613912345678` as `+86 139****5678`: the calling code, the first three and last four digits. */
export function maskPhone(phone: string): string {
  const split = splitPhone(phone);
  if (!split) return phone;
  const digits = split.mobile;
  return `${split.country} ${digits.slice(0, 3)}${'*'.repeat(Math.max(0, digits.length - 7))}${digits.slice(-4)}`;
}

type Errors = Partial<Record<'mobile' | 'code' | 'password', string>>;

/** 手机号 on /account: binds a first phone, or moves to a new one (with the password when the account has one). */
export function PhoneSection() {
  const { t } = useTranslation();
  const id = useId();
  const { userInfo } = useSnapshot(appStore);
  const bound = userInfo?.mobile ?? '';
  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState(EMPTY_PHONE);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // Accounts made with a name have a password; a phone-only account may have set one through a reset.
  const [askPassword, setAskPassword] = useState(Boolean(userInfo?.account));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePhone();
  const editing = bound === '' || changing;

  async function sendCode(): Promise<number> {
    const error = phoneError(phone);
    if (error) {
      setErrors({ mobile: error });
      throw new Error(error);
    }
    setErrors({});
    const wait = await sendBindCode(phone);
    toast(t('auth.codeSent'));
    return wait;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const error = phoneError(phone);
    if (error) return setErrors({ mobile: error });
    if (!new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(code)) return setErrors({ code: t('auth.enterCode', { length: CAPTCHA_LENGTH }) });
    if (bound && askPassword && !password) return setErrors({ password: t('auth.enterPassword') });
    setErrors({});
    save.mutate(
      { change: bound !== '', ...phone, code, ...(bound && password ? { password } : {}) },
      {
        onSuccess: () => {
          setChanging(false);
          setPhone(EMPTY_PHONE);
          setCode('');
          setPassword('');
          toast(t('account.phoneSaved'));
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.tip === '请输入密码') setAskPassword(true);
        },
      },
    );
  }

  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="phone-section">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('account.phone')}
      </h2>
      <p className={styles.hint} data-testid="phone-state">
        {bound ? t('account.phoneBound', { mobile: maskPhone(bound) }) : t('account.phoneNone')}
      </p>
      {editing ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <PhoneInput id={`${id}-mobile`} label={bound ? t('account.newMobile') : t('auth.mobile')} value={phone} onChange={setPhone} error={errors.mobile} />
          <CaptchaInput id={`${id}-code`} value={code} onChange={setCode} onSend={sendCode} canSend={phone.mobile !== ''} error={errors.code} />
          {bound && askPassword ? (
            <PasswordField id={`${id}-password`} label={t('account.currentPassword')} value={password} onChange={setPassword} error={errors.password} />
          ) : null}
          <div className={styles.actions}>
            {changing ? (
              <button type="button" className={button.button} onClick={() => setChanging(false)}>
                {t('common.cancel')}
              </button>
            ) : null}
            <button type="submit" className={button.primary} disabled={save.isPending}>
              {bound ? t('account.change') : t('account.bind')}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={button.button} onClick={() => setChanging(true)}>
            {t('account.change')}
          </button>
        </div>
      )}
    </section>
  );
}
