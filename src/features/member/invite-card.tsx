import { useId, useRef, useState } from 'react';
import { QrCode } from '../../components/qr-code.tsx';
import button from '../../components/ui/button.module.css';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import panel from '../../components/ui/panel.module.css';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import hidden from '../../components/ui/visually-hidden.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { copyField } from '../../lib/clipboard.ts';
import { formatDate } from '../../lib/format.ts';
import { inviteLink, useInvites } from './api/invites.ts';
import styles from './invite.module.css';
import copyable from '../../components/ui/copy-field.module.css';

/**
 * 邀请好友 on /mine: the member's invite link (copy, or a QR code to scan), what it brought, and
 * the newest members who signed up through it.
 */
export function InviteCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useInvites(userId);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [showQr, setShowQr] = useState(false);
  const data = query.data;
  const link = data ? inviteLink(data.share.code) : '';

  async function copy() {
    setCopied((await copyField(input.current)) ? 'copied' : 'failed');
  }

  return (
    <div className={`${panel.panel} ${styles.card}`} data-testid="invite-card">
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton className={styles.skeleton} />
      ) : (
        <>
          <p className={styles.hint}>{t('invite.hint', { points: data.share.points })}</p>
          <p className={styles.stats} data-testid="invite-stats">
            {t('invite.stats', { count: data.income.count, points: data.income.points })}
          </p>
          <div className={styles.linkRow}>
            <label className={hidden.visuallyHidden} htmlFor={`${id}-link`}>
              {t('invite.link')}
            </label>
            <input
              ref={input}
              id={`${id}-link`}
              className={`${copyable.field} ${styles.link}`}
              value={link}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid="invite-link"
            />
            <button type="button" className={button.primary} onClick={() => void copy()} data-testid="invite-copy">
              {copied === 'copied' ? t('share.copied') : t('share.copy')}
            </button>
            <button type="button" className={button.button} aria-expanded={showQr} onClick={() => setShowQr((v) => !v)}>
              {t('invite.qr')}
            </button>
          </div>
          <p className={styles.status} role="status">
            {copied === 'copied' ? t('share.copiedStatus') : copied === 'failed' ? t('share.copyFailed') : ''}
          </p>
          {showQr ? <QrCode value={link} label={t('invite.qrLabel')} className={styles.qr} testId="invite-qr" /> : null}
          {data.invitees.length > 0 ? (
            <ul className={styles.list} aria-label={t('invite.list')} data-testid="invitees">
              {data.invitees.map((friend) => (
                <li key={friend.id} className={styles.friend}>
                  <span className={styles.avatar}>
                    <MaskedImage path={friend.avatar} width={64} height={64} alt="" sizes="32px" />
                  </span>
                  <span className={styles.name}>{friend.nickname}</span>
                  <span className={styles.meta}>{t('invite.joined', { date: formatDate(new Date(friend.joinedAt)), points: friend.points })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.meta}>{t('invite.none')}</p>
          )}
        </>
      )}
    </div>
  );
}
