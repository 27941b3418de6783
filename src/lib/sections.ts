import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';

/**
 * The phone's sections: the tab bar's destinations. Their first pages keep the site header; every
 * other page on a phone is a sub-page with one bar of its own (back, title, actions) and no site header.
 */
export const SECTIONS = ['home', 'discover', 'discuss', 'mine'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_PATHS = { home: '/', discover: '/tagList', discuss: '/discuss', mine: '/mine' } as const satisfies Record<Section, string>;

/** Sub-pages that belong to one section whatever led to them: the member's own pages. */
const OWNED_PAGES: Record<string, Section> = { '/account': 'mine', '/sysMsg': 'mine', '/noticeDetail': 'mine', '/storage': 'mine' };

/**
 * Sub-pages drawn without the tab bar on phones: the watch page, where the player and the video are
 * the page (as on YouTube's and Bilibili's mobile sites), and the publishing form, whose keyboard
 * and submit button need the bottom of the screen.
 */
const FULL_SCREEN_PAGES: ReadonlySet<string> = new Set(['/videoDetails', '/post']);

/** The section whose first page `pathname` is, if it is one. */
export function sectionRootOf(pathname: string): Section | undefined {
  return SECTIONS.find((section) => SECTION_PATHS[section] === pathname);
}

/** The section a page always belongs to: its own first page, or a member's page under 我的. */
export function ownSectionOf(pathname: string): Section | undefined {
  return sectionRootOf(pathname) ?? OWNED_PAGES[pathname];
}

export function hidesTabBar(pathname: string): boolean {
  return FULL_SCREEN_PAGES.has(pathname);
}

/** The section of the last page that had one: a video opened from home still belongs to 首页. */
const visited = proxy<{ section: Section }>({ section: 'home' });

/**
 * The section the tab bar highlights: the page's own, else the one the visit was last in (a
 * video page opened from 我的's history highlights 我的; a deep link belongs to 首页).
 */
export function useActiveSection(): Section {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const last = useSnapshot(visited).section;
  const own = ownSectionOf(pathname);
  useEffect(() => {
    if (own) visited.section = own;
  }, [own]);
  return own ?? last;
}

/**
 * What a phone draws around the page: the site header only on a section's first page (and on an
 * address the app does not know, whose error page has no bar of its own), the tab bar everywhere
 * but the full-screen pages.
 */
export function usePhoneChrome(): { header: boolean; tabBar: boolean } {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // An unknown address matches the root route alone.
  const known = useRouterState({ select: (s) => s.matches.length > 1 });
  return { header: !known || sectionRootOf(pathname) !== undefined, tabBar: !hidesTabBar(pathname) };
}
