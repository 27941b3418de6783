import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { HOME_ID } from '../../protocol/api.ts';
import { showLogin } from '../stores/auth-store.ts';
import { appStore } from '../stores/app-store.ts';
import { useIsPc } from '../stores/layout-store.ts';
import { CategoryMenu } from './category-menu.tsx';
import { LanguageMenu } from './language-switch.tsx';
import styles from './app-header.module.css';
import button from './ui/button.module.css';
import { useTranslation } from '../i18n/index.ts';
import { MessagesLink } from './unread-badge.tsx';

function activeCategory(pathname: string, search: Record<string, unknown>): number | undefined {
  if (pathname !== '/') return undefined;
  return typeof search.id === 'number' ? search.id : HOME_ID;
}

/** `search` is the desktop's search box (features/search/header-search.tsx, given by the root layout). */
export function AppHeader({ search }: { search?: ReactNode }) {
  const { t } = useTranslation();
  const isPc = useIsPc();
  const { userInfo } = useSnapshot(appStore);
  const location = useRouterState({ select: (s) => s.location });
  const member = userInfo?.isUser === true;

  return (
    <header className={isPc ? `${styles.header} ${styles.pc}` : styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={t('app.homeLabel')}>
          MD <span>{t('app.logoWord')}</span>
        </Link>
        {isPc ? (
          <>
            <div className={styles.menu}>
              <CategoryMenu activeId={activeCategory(location.pathname, location.search as Record<string, unknown>)} />
            </div>
            {search}
            {member ? <MessagesLink /> : null}
            {member ? (
              <Link to="/mine" className={styles.user}>
                {userInfo?.nickname || userInfo?.account}
              </Link>
            ) : (
              <button type="button" className={`${button.primary} ${button.small}`} onClick={() => showLogin()}>
                {t('app.signInOrUp')}
              </button>
            )}
          </>
        ) : (
          <div className={styles.actions}>
            <LanguageMenu />
            {member ? <MessagesLink /> : null}
            <Link to="/searchPage" className={styles.searchIcon} aria-label={t('app.search')}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
