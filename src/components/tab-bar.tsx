import { Link, useRouterState } from '@tanstack/react-router';
import { checkNoAuth } from '../stores/auth-store.ts';
import { useIsLoggedIn } from '../stores/app-store.ts';
import { useTranslation } from '../i18n/index.ts';
import styles from './tab-bar.module.css';
import { UnreadDot } from './unread-badge.tsx';

/** Mobile bottom navigation; guests asking for 我的 get the login popup instead. */
export function TabBar() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const member = useIsLoggedIn();
  const cls = (path: string) => (pathname === path ? `${styles.item} ${styles.active}` : styles.item);
  return (
    <nav className={styles.bar} aria-label={t('app.mainNav')}>
      <Link to="/" className={cls('/')}>
        {t('app.home')}
      </Link>
      <Link to="/tagList" className={cls('/tagList')}>
        {t('app.discover')}
      </Link>
      {member ? (
        <Link to="/mine" className={cls('/mine')}>
          {t('app.mine')}
          <UnreadDot />
        </Link>
      ) : (
        <button type="button" className={cls('/mine')} onClick={() => checkNoAuth()}>
          {t('app.mine')}
        </button>
      )}
    </nav>
  );
}
