import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { NavItem } from '../../protocol/api.ts';

export type SearchValue = string | number | undefined;

export type NavTarget =
  { kind: 'none' } | { kind: 'route'; to: string; search?: Record<string, SearchValue> } | { kind: 'href'; href: string } | { kind: 'external'; url: string };

export type AppNavigate = (to: string, search?: Record<string, SearchValue>) => void;

export const CONTENT_TYPE = { VIDEO: 2, ACTRESS: 8 } as const;

/** Where a banner or menu item leads, by bindType (SPEC §2). */
export function bindTarget(item: Pick<NavItem, 'bindType' | 'bindInt' | 'bindStr' | 'jumpType' | 'contentType' | 'sort' | 'name'>): NavTarget {
  const actress = item.contentType === CONTENT_TYPE.ACTRESS;
  switch (item.bindType) {
    case 1:
      return { kind: 'route', to: '/', search: { id: item.bindInt, tit: item.name } };
    case 2:
      return { kind: 'route', to: '/topicsPage', search: { id: item.bindInt, sort: item.sort } };
    case 3:
      return actress
        ? { kind: 'route', to: '/actressList', search: { tid: item.bindInt } }
        : { kind: 'route', to: '/tagDetails', search: { tid: item.bindInt, sort: item.sort, contentType: item.contentType } };
    case 4:
      if (!item.bindStr) return { kind: 'none' };
      return item.jumpType === 1 ? { kind: 'href', href: item.bindStr } : { kind: 'external', url: item.bindStr };
    case 5:
      return { kind: 'route', to: '/actressPage', search: { id: item.bindInt } };
    case 6:
      return actress
        ? { kind: 'route', to: '/actressList', search: { tagCateId: item.bindInt } }
        : { kind: 'route', to: '/tagDetails', search: { tagCateId: item.bindInt, sort: item.sort } };
    default:
      return { kind: 'none' };
  }
}

/** Route path plus query as the router parses it back (numbers stay numbers, strings stay strings). */
export function hrefOf(to: string, search?: Record<string, SearchValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${to}?${query}` : to;
}

/** Same path and same query parameters, whatever their order. */
export function sameLocation(a: string, b: string): boolean {
  const ua = new URL(a, 'http://x');
  const ub = new URL(b, 'http://x');
  if (ua.pathname !== ub.pathname) return false;
  ua.searchParams.sort();
  ub.searchParams.sort();
  return ua.searchParams.toString() === ub.searchParams.toString();
}

/**
 * The in-app back: the previous page of this visit when there is one, else home (a deep link, a
 * shared link, the installed app's first screen), so back never leaves the site.
 */
export function useGoBack(): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back();
    else router.history.push('/');
  }, [router]);
}

/** Navigation that replaces the history entry when the target is the current page (SPEC §2). */
export function useAppNavigate(): AppNavigate {
  const router = useRouter();
  return useCallback(
    (to, search) => {
      const href = hrefOf(to, search);
      const current = router.state.location;
      const replace = sameLocation(href, current.pathname + current.searchStr);
      if (replace) router.history.replace(href);
      else router.history.push(href);
    },
    [router],
  );
}

export function navigateByBind(item: NavItem, navigate: AppNavigate): void {
  const target = bindTarget(item);
  switch (target.kind) {
    case 'route':
      navigate(target.to, target.search);
      return;
    case 'href': {
      const url = new URL(target.href, location.origin);
      navigate(url.pathname, Object.fromEntries(url.searchParams));
      return;
    }
    case 'external':
      window.open(target.url, '_blank', 'noopener,noreferrer');
      return;
    case 'none':
      return;
  }
}

export function contentTarget(item: { id: number; contentType: number }): NavTarget {
  if (item.contentType === CONTENT_TYPE.VIDEO) return { kind: 'route', to: '/videoDetails', search: { id: item.id } };
  if (item.contentType === CONTENT_TYPE.ACTRESS) return { kind: 'route', to: '/actressPage', search: { id: item.id } };
  return { kind: 'none' };
}

export function openContent(item: { id: number; contentType: number }, navigate: AppNavigate): void {
  const target = contentTarget(item);
  if (target.kind === 'route') navigate(target.to, target.search);
}

/** The address a banner or menu item leads to, for its link's href; undefined when it leads nowhere. */
export function bindHref(item: NavItem): string | undefined {
  const target = bindTarget(item);
  switch (target.kind) {
    case 'route':
      return hrefOf(target.to, target.search);
    case 'href':
      return target.href;
    case 'external':
      return target.url;
    case 'none':
      return undefined;
  }
}
