import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { AppHeader } from '../components/app-header.tsx';
import shell from '../components/app-shell.module.css';
import { SiteFooter } from '../components/site-footer.tsx';
import { TabBar } from '../components/tab-bar.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { UpdatePrompt } from '../components/ui/update-prompt.tsx';
import { LoginHost } from '../features/auth/login-host.tsx';
import { HeaderSearch } from '../features/search/header-search.tsx';
import { LockGate } from '../features/member/lock-gate.tsx';
import { ErrorPage, NotFoundPage } from '../features/common/error-pages.tsx';
import { loadPageStrings, useLocale } from '../i18n/index.ts';
import { ensureSession, isProtectedPath } from '../lib/session.ts';
import { appStore, isRegisteredUser } from '../stores/app-store.ts';
import { askToSignIn } from '../stores/auth-store.ts';
import { useSiteTitle } from '../lib/document-title.ts';
import { usePhoneChrome } from '../lib/sections.ts';
import { useIsPc } from '../stores/layout-store.ts';
import { useSnapshot } from 'valtio';
import { useOnlineHeartbeat } from '../lib/online-heartbeat.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The member's online heartbeat in a leaf of its own: a change of the user info re-renders only this, not the shell. */
function OnlineHeartbeat() {
  const userInfo = useSnapshot(appStore).userInfo;
  useOnlineHeartbeat(userInfo?.isUser ? userInfo.id : undefined);
  return null;
}

function RootLayout() {
  const isPc = useIsPc();
  // Phones: a sub-page's own bar stands in the site header's place (lib/sections.ts).
  const phone = usePhoneChrome();
  useSiteTitle();
  // A new language renders every screen again (formatted counts and dates included); the query
  // cache keeps the data, so nothing is fetched again.
  const locale = useLocale();
  return (
    // app--pc is the one global class: component modules style the desktop layout with :global(.app--pc).
    <div className={isPc ? `app--pc ${shell.pc}` : phone.tabBar ? shell.mobile : shell.fullScreen}>
      {isPc || phone.header ? <AppHeader search={isPc ? <HeaderSearch /> : undefined} /> : null}
      <div className={shell.content} key={locale}>
        <Outlet />
      </div>
      {isPc ? <SiteFooter /> : phone.tabBar ? <TabBar /> : null}
      <Toaster />
      <ConnectionBanner />
      <LoginHost />
      <UpdatePrompt />
      <OnlineHeartbeat />
      <LockGate />
    </div>
  );
}

function RootNotFound() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <NotFoundPage pathname={pathname} />;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    // Every page but home needs the words the first script leaves out (i18n/index.ts); they load beside the session.
    await Promise.all([ensureSession(), location.pathname === '/' ? undefined : loadPageStrings()]);
    if (isProtectedPath(location.pathname) && !isRegisteredUser()) {
      // Home, with the popup saying why; a sign-in then opens the page that was asked for.
      askToSignIn('member', location.href);
      throw redirect({ to: '/', replace: true });
    }
  },
  component: RootLayout,
  notFoundComponent: RootNotFound,
  errorComponent: ({ error }) => <ErrorPage error={error} />,
});
