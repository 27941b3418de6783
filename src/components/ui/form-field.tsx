import type { ReactNode } from 'react';
import fields from './form.module.css';

/** A labelled field with its message below, kept in place (aria-live) so nothing jumps. */
export function Field({ label, error, children, id }: { label: string; error?: string; children: ReactNode; id: string }) {
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

/**
 * A password in a Field: its message tied to it for screen readers, the browser told what it is
 * for. With `digits`, a numeric passcode of at most that many digits (the number pad on phones,
 * anything else dropped as it is typed, never offered to a password manager).
 */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete = 'current-password',
  autoFocus,
  digits,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
  digits?: number;
}) {
  return (
    <Field label={label} id={id} error={error}>
      <input
        id={id}
        className={fields.input}
        type="password"
        autoComplete={digits ? 'off' : autoComplete}
        inputMode={digits ? 'numeric' : undefined}
        maxLength={digits}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-error`}
        onChange={(e) => onChange(digits ? e.target.value.replace(/\D/g, '') : e.target.value)}
        autoFocus={autoFocus}
      />
    </Field>
  );
}
