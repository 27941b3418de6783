import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useGoBack } from '../lib/navigation.ts';
import { sectionRootOf } from '../lib/sections.ts';
import { useIsPc } from '../stores/layout-store.ts';
import styles from './page-header.module.css';
import hidden from './ui/visually-hidden.module.css';

/** Pages that are the search itself: their bar offers no way to the search. */
const SEARCH_PAGES: ReadonlySet<string> = new Set(['/searchPage', '/pcSearchPage', '/searchResult']);

export interface PageHeaderProps {
  title: string;
  /** The page's own buttons or links, at the bar's end. */
  actions?: ReactNode;
}

/**
 * The title bar of inner pages; back goes to the previous page of the visit, or home from a deep
 * link. On phones it is the sub-page's one bar, pinned to the top in the site header's place (the
 * root leaves the header out), with the page's actions and the way to the search; a section's
 * first page keeps the site header and the tab bar says where it is, so its title is only read out.
 */
export function PageHeader({ title, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const back = useGoBack();
  const isPc = useIsPc();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!isPc && sectionRootOf(pathname)) {
    return (
      <div className={styles.sectionTop}>
        <h1 className={hidden.visuallyHidden}>{title}</h1>
      </div>
    );
  }
  const search = !isPc && !SEARCH_PAGES.has(pathname);
  return (
    <div className={isPc ? styles.header : `${styles.header} ${styles.bar}`} data-testid="page-bar">
      <button type="button" className={styles.back} aria-label={t('app.back')} onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="m15 5-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
      {actions || search ? (
        <div className={styles.actions}>
          {actions}
          {search ? (
            <Link to="/searchPage" className={styles.action} aria-label={t('app.search')}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
