import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import button from './button.module.css';
import sheet from './sheet.module.css';
import { SheetDialog } from './sheet-dialog.tsx';

export interface ConfirmDialogProps {
  heading: string;
  message?: string;
  /** Body beyond a one-line message (the community rules). */
  children?: ReactNode;
  /** The confirming button's label, saying what it does ("清空", not "OK"). */
  confirmLabel: string;
  /** Runs on confirm; the dialog stays open and busy until it settles, then closes. */
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  testId?: string;
}

/** Asks before something that cannot be undone; cancel is the first button and takes focus. */
export function ConfirmDialog({ heading, message, children, confirmLabel, onConfirm, onClose, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <SheetDialog heading={heading} onClose={() => (busy ? undefined : onClose())} busy={busy} testId={testId}>
      {message ? <p className={sheet.message}>{message}</p> : null}
      {children}
      <div className={sheet.actions}>
        <button type="button" className={button.button} onClick={onClose} disabled={busy} autoFocus>
          {t('common.cancel')}
        </button>
        <button type="button" className={button.primary} onClick={() => void confirm()} disabled={busy} data-testid="confirm-action">
          {confirmLabel}
        </button>
      </div>
    </SheetDialog>
  );
}
