import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { checkNoAuth } from '../stores/auth-store.ts';
import { useIsLoggedIn } from '../stores/app-store.ts';
import { useTranslation } from '../i18n/index.ts';
import { SECTION_PATHS, useActiveSection, type Section } from '../lib/sections.ts';
import styles from './tab-bar.module.css';
import { UnreadDot } from './unread-badge.tsx';

/** 24 px outline icons; the active tab draws its icon filled. */
const ICONS: Record<Section, ReactNode> = {
  home: <path d="M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z" />,
  discover: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path className={styles.inner} d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  discuss: <path d="M5 5h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-8l-4.5 3.5V16H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />,
  mine: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20c.8-3.9 3.9-6 7.5-6s6.7 2.1 7.5 6z" />
    </>
  ),
};

function TabIcon({ section }: { section: Section }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      {ICONS[section]}
    </svg>
  );
}

/**
 * Mobile bottom navigation: an icon and a label per section, the section of the page highlighted
 * (on its sub-pages too) and marked aria-current. Guests asking for 我的 get the login popup instead.
 */
export function TabBar() {
  const { t } = useTranslation();
  const member = useIsLoggedIn();
  const active = useActiveSection();
  // The router's own active marking is replaced by the section's: a sub-page highlights its section too.
  const tab = (section: Section) => ({
    className: section === active ? `${styles.item} ${styles.active}` : styles.item,
    'aria-current': section === active ? ('page' as const) : undefined,
    'data-section': section,
  });
  const link = { activeOptions: { exact: true, includeSearch: false }, activeProps: {} } as const;
  return (
    <nav className={styles.bar} aria-label={t('app.mainNav')} data-testid="tab-bar">
      <Link to={SECTION_PATHS.home} {...link} {...tab('home')}>
        <TabIcon section="home" />
        <span className={styles.label}>{t('app.home')}</span>
      </Link>
      <Link to={SECTION_PATHS.discover} {...link} {...tab('discover')}>
        <TabIcon section="discover" />
        <span className={styles.label}>{t('app.discover')}</span>
      </Link>
      <Link to={SECTION_PATHS.discuss} {...link} {...tab('discuss')}>
        <TabIcon section="discuss" />
        <span className={styles.label}>{t('chrome.discuss')}</span>
      </Link>
      {member ? (
        <Link to={SECTION_PATHS.mine} {...link} {...tab('mine')}>
          <span className={styles.iconBox}>
            <TabIcon section="mine" />
            <span className={styles.badge}>
              <UnreadDot />
            </span>
          </span>
          <span className={styles.label}>{t('app.mine')}</span>
        </Link>
      ) : (
        <button type="button" {...tab('mine')} onClick={() => checkNoAuth()}>
          <TabIcon section="mine" />
          <span className={styles.label}>{t('app.mine')}</span>
        </button>
      )}
    </nav>
  );
}
