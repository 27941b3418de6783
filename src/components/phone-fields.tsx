import { useEffect, useState } from 'react';
import { CAPTCHA_LENGTH, COUNTRY_CODES, phoneNumberOf } from '../../protocol/account.ts';
import { i18n, useTranslation } from '../i18n/index.ts';
import { Field } from './ui/form-field.tsx';
import fields from './ui/form.module.css';
import styles from './phone-fields.module.css';

export interface PhoneValue {
  country: string;
  mobile: string;
}

export const EMPTY_PHONE: PhoneValue = { country: COUNTRY_CODES[0], mobile: '' };

/** A stored phone (`+8613912345678`) as its calling code and national number; null for another shape. */
export function splitPhone(phone: string): PhoneValue | null {
  const country = [...COUNTRY_CODES].sort((a, b) => b.length - a.length).find((code) => phone.startsWith(code));
  return country ? { country, mobile: phone.slice(country.length) } : null;
}

/** Why the phone cannot be used (empty, not a number of its country: the server's rule), or null. */
export function phoneError(phone: PhoneValue): string | null {
  if (!phone.mobile.trim()) return i18n.t('auth.enterMobile');
  return phoneNumberOf(phone.country, phone.mobile) === null ? i18n.t('auth.badMobile') : null;
}

/** 手机号: the calling code and the national number. */
export function PhoneInput({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label?: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label ?? t('auth.mobile')} id={id} error={error}>
      <div className={styles.row}>
        <select
          aria-label={t('auth.countryCode')}
          className={styles.country}
          value={value.country}
          onChange={(e) => onChange({ ...value, country: e.target.value })}
        >
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <input
          id={id}
          className={fields.input}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value.mobile}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
          onChange={(e) => onChange({ ...value, mobile: e.target.value })}
        />
      </div>
    </Field>
  );
}

/**
 * 验证码 with 获取验证码: `onSend` asks the server for a code and answers the seconds until the next
 * may be asked (it has shown its own error when it throws); the button counts them down.
 */
export function CaptchaInput({
  id,
  value,
  onChange,
  onSend,
  canSend,
  error,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  onSend: () => Promise<number>;
  canSend: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send() {
    setSending(true);
    try {
      setWait(await onSend());
    } catch {
      // The caller showed why.
    } finally {
      setSending(false);
    }
  }

  return (
    <Field label={t('auth.code')} id={id} error={error}>
      <div className={styles.row}>
        <input
          id={id}
          className={fields.input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CAPTCHA_LENGTH}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
        <button type="button" className={styles.send} onClick={() => void send()} disabled={!canSend || sending || wait > 0} data-testid="send-code">
          {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
        </button>
      </div>
    </Field>
  );
}
