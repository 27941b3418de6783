import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../i18n/index.ts';
import { appStore } from '../stores/app-store.ts';
import { useUnread } from '../lib/member-queries.ts';
import styles from './unread-badge.module.css';
import hidden from './ui/visually-hidden.module.css';

/** The signed-in member's unread count; 0 for guests, who are never asked. */
export function useUnreadCount(): number {
  const { userInfo } = useSnapshot(appStore);
  const member = userInfo?.isUser === true;
  const query = useUnread(member ? userInfo.id : undefined);
  return member ? (query.data?.total ?? 0) : 0;
}

/** The header's bell: to /sysMsg, with the unread count on it. Members only. */
export function MessagesLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const label = count > 0 ? t('messages.linkUnread', { count }) : t('messages.title');
  return (
    <Link to="/sysMsg" className={className ? `${styles.bell} ${className}` : styles.bell} aria-label={label} data-testid="messages-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="unread-badge">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

/** A dot beside 我的 in the tab bar while messages are unread. */
export function UnreadDot() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <span className={styles.dot} data-testid="unread-dot">
      <span className={hidden.visuallyHidden}>{t('messages.unreadCount', { count })}</span>
    </span>
  );
}
