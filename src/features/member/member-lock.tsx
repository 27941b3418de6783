import { useEffect, useId, useState, type FormEvent } from 'react';
import button from '../../components/ui/button.module.css';
import fields from '../../components/ui/form.module.css';
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts';
import { useTranslation } from '../../i18n/index.ts';
import { clearHidden, keepLock, shouldLock, tryUnlock } from '../../lib/lock-screen.ts';
import { signOut } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import styles from './lock-gate.module.css';
import { useLockCode } from './api/account.ts';

const ignoreEsc = () => undefined;

/** The passcode prompt over everything; Esc does not close it, and the page behind is inert. */
function LockScreen({ userId, onUnlock }: { userId: number; onUnlock: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useModalDialog(ignoreEsc);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function leave(reason?: string) {
    await signOut().catch(() => undefined);
    if (reason) toast(reason);
    onUnlock();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code) return setMessage(t('lock.enter'));
    setBusy(true);
    try {
      const result = await tryUnlock(userId, code);
      setCode('');
      if (result.kind === 'ok') return onUnlock();
      if (result.kind === 'out') return await leave(t('lock.signedOut'));
      if (result.kind === 'wrong') return setMessage(t('lock.wrong', { left: result.left }));
      setMessage(t('lock.wait', { seconds: Math.ceil((result.until - Date.now()) / 1000) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={`${id}-heading`} data-testid="lock-screen">
      <form className={styles.box} onSubmit={submit} noValidate>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="12" cy="15.5" r="1.4" fill="currentColor" />
        </svg>
        <h2 id={`${id}-heading`} className={styles.heading}>
          {t('lock.heading')}
        </h2>
        <label className={fields.label} htmlFor={`${id}-code`}>
          {t('lock.code')}
        </label>
        <input
          id={`${id}-code`}
          className={`${fields.input} ${styles.code}`}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          autoFocus
          value={code}
          aria-describedby={`${id}-message`}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <p id={`${id}-message`} className={fields.error} aria-live="assertive">
          {message}
        </p>
        <button type="submit" className={`${button.primary} ${button.block}`} disabled={busy}>
          {t('lock.unlock')}
        </button>
        <button type="button" className={styles.forgot} onClick={() => void leave()}>
          {t('lock.forgot')}
        </button>
      </form>
    </dialog>
  );
}

/** One member's gate: locks after the app was hidden too long, and keeps the account's passcode for offline checks. */
export function MemberLock({ memberId }: { memberId: number }) {
  const [locked, setLocked] = useState(() => shouldLock(memberId));

  useEffect(() => {
    if (!shouldLock(memberId)) clearHidden();
    // Going away is noted by the gate (lock-gate.tsx); coming back is checked here.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return;
      if (shouldLock(memberId)) setLocked(true);
      else clearHidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [memberId]);

  // The account's passcode (set on any device) is kept here for offline checks; /account shares the query.
  const code = useLockCode(memberId).data;
  useEffect(() => {
    if (code) keepLock(memberId, code);
  }, [memberId, code]);

  return locked ? <LockScreen userId={memberId} onUnlock={() => setLocked(false)} /> : null;
}
