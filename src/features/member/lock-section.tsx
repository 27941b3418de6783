import { useId, useState, type FormEvent } from 'react';
import { LOCK_CODE_PATTERN } from '../../../protocol/account.ts';
import button from '../../components/ui/button.module.css';
import { PasswordField } from '../../components/ui/form-field.tsx';
import panel from '../../components/ui/panel.module.css';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import styles from './account.module.css';
import { useLockCode, useSetLockCode } from './api/account.ts';

type Errors = Partial<Record<'code' | 'oldCode', string>>;

/** 锁屏密码 on /account: set, change (with the current one) or turn off the passcode lock. */
export function LockSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const lock = useLockCode(userId);
  const save = useSetLockCode(userId);
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const enabled = lock.data?.enabled === true;

  function send(next: string, done: string) {
    if (enabled && !oldCode) return setErrors({ oldCode: t('lock.enter') });
    setErrors({});
    save.mutate(
      { code: next, ...(enabled ? { oldCode } : {}) },
      {
        onSuccess: () => {
          setCode('');
          setOldCode('');
          toast(done);
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!LOCK_CODE_PATTERN.test(code)) return setErrors({ code: t('lock.badCode') });
    send(code, t('lock.saved'));
  }

  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="lock-section">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('lock.section')}
        {lock.data ? <span className={styles.badge}>{enabled ? t('lock.on') : t('lock.off')}</span> : null}
      </h2>
      <p className={styles.hint}>{t('lock.hint')}</p>
      {lock.isError ? (
        <LoadFailed error={lock.error} onRetry={() => void lock.refetch()} />
      ) : !lock.data ? (
        <Skeleton className={styles.statusSkeleton} />
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {enabled ? (
            <PasswordField id={`${id}-old`} label={t('lock.current')} value={oldCode} error={errors.oldCode} onChange={setOldCode} digits={6} />
          ) : null}
          <PasswordField id={`${id}-new`} label={t('lock.newCode')} value={code} error={errors.code} onChange={setCode} digits={6} />
          <div className={styles.actions}>
            <button type="submit" className={button.primary} disabled={save.isPending}>
              {enabled ? t('lock.change') : t('lock.set')}
            </button>
            {enabled ? (
              <button type="button" className={button.button} disabled={save.isPending} onClick={() => send('', t('lock.removed'))}>
                {t('lock.remove')}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
