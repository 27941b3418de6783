import { useTranslation } from '../i18n/index.ts';
import { dismissRefused, OUTBOX_TARGET } from '../lib/outbox.ts';
import { useOutbox } from '../lib/use-outbox.ts';
import styles from './outbox-marks.module.css';

/** 待发送 beside a toggle whose latest press waits in the outbox (收藏, 关注, a vote); `useLatestPending` says when. */
export function PendingMark({ pending, testId }: { pending: boolean; testId: string }) {
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <span className={styles.mark} title={t('outbox.pendingHint')} data-testid={testId}>
      {t('outbox.pending')}
    </span>
  );
}

/** The kinds listed where they will appear: what the list shows of each, where, and who may have them. */
const LISTED = {
  comment: { text: 'content', guests: false },
  post: { text: 'title', guests: false },
  // Guests may send feedback.
  feedback: { text: 'content', guests: true },
} as const;

const FIXED_TARGETS = { post: OUTBOX_TARGET.posts, feedback: OUTBOX_TARGET.feedback } as const;

export type PendingActionsProps =
  { kind: 'comment'; target: string; className?: string } | { kind: 'post' | 'feedback'; target?: undefined; className?: string };

/**
 * What the caller wrote offline (comments about one target, posts, feedback): listed where it will
 * appear, 待发送 until sent; a refusal stays with the server's reason until dismissed.
 */
export function PendingActions({ kind, target, className }: PendingActionsProps) {
  const listed = LISTED[kind];
  const { t } = useTranslation();
  const actions = useOutbox(target ?? FIXED_TARGETS[kind as 'post' | 'feedback'], { guests: listed.guests });
  if (actions.length === 0) return null;
  return (
    <ul className={`${styles.list} ${className ?? ''}`} aria-label={t('outbox.pendingHint')} data-testid={`pending-${kind}s`}>
      {actions.map((action) => (
        <li key={action.seq} className={styles.item} data-testid={`pending-${kind}`} data-state={action.state}>
          <p className={styles.text}>{String(action.body[listed.text] ?? '')}</p>
          <p className={styles.state}>
            {action.state === 'refused' ? (
              <>
                {t('outbox.refused', { what: t(`outbox.kinds.${kind}`), reason: action.error ?? '' })}{' '}
                <button type="button" className={styles.dismiss} onClick={() => void dismissRefused(action.seq!)}>
                  {t('outbox.dismiss')}
                </button>
              </>
            ) : (
              `${t('outbox.pending')} · ${t('outbox.pendingHint')}`
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
