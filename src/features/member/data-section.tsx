import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { CAPTCHA_LENGTH } from '../../../protocol/account.ts';
import { CaptchaInput, splitPhone } from '../../components/phone-fields.tsx';
import button from '../../components/ui/button.module.css';
import { PasswordField } from '../../components/ui/form-field.tsx';
import panel from '../../components/ui/panel.module.css';
import sheet from '../../components/ui/sheet.module.css';
import { SheetDialog } from '../../components/ui/sheet-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import styles from './account.module.css';
import { sendDeleteCode, useDeleteAccount, useExportAccount } from './api/account.ts';
import { download } from './card-image.ts';

/** The file name of an export: the account and the day, so several exports sort by date. */
export function exportFileName(account: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  const name = account.replace(/[^\p{L}\p{N}_.-]/gu, '_') || 'account';
  return `md-account-${name}-${day}.json`;
}

/** 数据与账号 on /account: the member's data as one JSON file, and deleting the account. */
export function DataSection() {
  const { t } = useTranslation();
  const id = useId();
  const { userInfo } = useSnapshot(appStore);
  const exporter = useExportAccount();
  const [deleting, setDeleting] = useState(false);

  function exportData() {
    exporter.mutate(undefined, {
      onSuccess: (data) => {
        const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
        download(file, exportFileName(userInfo?.account || `user${userInfo?.id ?? ''}`, new Date(data.exportedAt)));
        toast(t('data.exported'));
      },
    });
  }

  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="data-section">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('data.heading')}
      </h2>
      <p className={styles.hint}>{t('data.exportHint')}</p>
      <div className={styles.actions}>
        <button type="button" className={button.button} onClick={exportData} disabled={exporter.isPending} data-testid="export-data">
          {exporter.isPending ? t('data.exporting') : t('data.export')}
        </button>
      </div>
      <p className={styles.hint}>{t('data.deleteHint')}</p>
      <div className={styles.actions}>
        <button type="button" className={button.danger} onClick={() => setDeleting(true)} data-testid="delete-account">
          {t('data.delete')}
        </button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

/**
 * Asks for the password (or, for an account without one, a code sent to its bound phone) before
 * the account goes; on success this device continues as a new guest on the home page.
 */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(appStore);
  const phone = splitPhone(userInfo?.mobile ?? '');
  // Accounts made with a name have a password; a phone-only one may have set one through a reset.
  const [usePassword, setUsePassword] = useState(Boolean(userInfo?.account) || !phone);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const remove = useDeleteAccount();

  async function sendCode(): Promise<number> {
    if (!phone) throw new Error('no phone');
    const wait = await sendDeleteCode(phone);
    toast(t('auth.codeSent'));
    return wait;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (usePassword && !password) return setError(t('auth.enterPassword'));
    if (!usePassword && !new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`).test(code)) return setError(t('auth.enterCode', { length: CAPTCHA_LENGTH }));
    setError('');
    remove.mutate(usePassword ? { password } : { code }, {
      onSuccess: () => {
        onClose();
        void navigate({ to: '/', replace: true });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.tip === '请输入密码') setUsePassword(true);
      },
    });
  }

  return (
    <SheetDialog heading={t('data.deleteHeading')} onClose={onClose} busy={remove.isPending} testId="delete-account-dialog">
      <form onSubmit={submit} noValidate className={styles.form}>
        <p className={sheet.message}>{t('data.deleteWarning')}</p>
        {usePassword ? (
          <PasswordField id={`${id}-password`} label={t('account.currentPassword')} value={password} onChange={setPassword} error={error} autoFocus />
        ) : (
          <CaptchaInput id={`${id}-code`} value={code} onChange={setCode} onSend={sendCode} canSend error={error} />
        )}
        <div className={sheet.actions}>
          <button type="button" className={button.button} onClick={onClose} disabled={remove.isPending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={button.danger} disabled={remove.isPending} data-testid="confirm-delete">
            {t('data.deleteConfirm')}
          </button>
        </div>
      </form>
    </SheetDialog>
  );
}
