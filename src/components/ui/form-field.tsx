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
