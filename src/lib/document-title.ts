import { useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../i18n/index.ts';

const useHref = () => useRouterState({ select: (s) => s.location.href });

/** The root's part: every page starts with the site's own name as the tab's title. */
export function useSiteTitle(): void {
  const { t } = useTranslation();
  const href = useHref();
  const site = t('app.title');
  // A layout effect, so it runs before any page's own (plain) effect for the same address.
  useLayoutEffect(() => {
    document.title = site;
  }, [href, site]);
}

/** A page's title in the tab and in history: its own name, then the site's; none keeps the site's alone. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const href = useHref();
  const site = t('app.title');
  useEffect(() => {
    if (title) document.title = `${title} - ${site}`;
  }, [title, site, href]);
}
