// First, before any component's style: global.css names the cascade layers (see there).
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n, loadPageStrings } from './i18n/index.ts';
import { afterFirstPageSettles } from './lib/page-settled.ts';
import { queryClient, trackConnection } from './lib/query-client.ts';
import { trackTheme } from './lib/theme.ts';
import { router, trackScroll } from './lib/router.ts';
import { ensureSession, installLoginInvalidHandler } from './lib/session.ts';
import { cryptoWorker, hasServiceWorkerController } from './lib/worker-client.ts';
import { DOWNLOAD_CACHE_NAME } from './lib/local-db.ts';
import { startOutbox } from './lib/outbox.ts';
import { trackLayout } from './stores/layout-store.ts';

trackTheme();
trackConnection();
trackLayout();
trackScroll();

// A first visit has no service worker yet: the crypto worker that signs the API calls and unmasks
// the images starts now, and the guest sign-in and config travel while the language and the first
// render are prepared, instead of after them (the root route's guard then finds them under way).
if (!hasServiceWorkerController()) void cryptoWorker();
void ensureSession();

// The root route waits for the session (guest sign-in, then config) before it loads the page's
// code; fetching the current route's chunks now lets the two travel side by side on a cold start.
const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of matchedRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

// Downloads a reload or a lost connection interrupted go on. Visitors who never downloaded have no
// download Cache: the download engine (and Dexie) stay unloaded for them.
if ('caches' in window) {
  void caches
    .has(DOWNLOAD_CACHE_NAME)
    .then((any) => (any ? import('./lib/downloads.ts').then((downloads) => downloads.resumeInterruptedDownloads()) : undefined))
    .catch(() => undefined);
}
// Actions a member made offline go to the server now and whenever the connection returns.
void ensureSession().then(startOutbox, () => undefined);

installLoginInvalidHandler(async () => {
  // The root guard signs in as a guest again; queries then refetch with the new token.
  await router.navigate({ to: '/', replace: true });
  await ensureSession();
  await router.invalidate();
  await queryClient.invalidateQueries();
});

const container = document.getElementById('app');
if (!container) throw new Error('index.html lacks #app');
// Home's Chinese is in this bundle (the other pages' words: the root route loads them); an English
// visitor's first render waits for one small chunk. The first render also waits for the router's
// first load (the root guard's session, the page's chunks; the boot header in index.html stands
// meanwhile): rendered during that load, every change of the router's state re-rendered the whole
// tree synchronously, one 300-400 ms task at a phone's speed. After it, the first render is a
// transition: React renders it in slices between which the browser can answer input, instead of
// one long task. load() reports its errors through the matches (the root route's error page), so a
// failed session still renders.
void Promise.all([initI18n(), router.load().catch(() => undefined)]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The other pages' Chinese loads once the first page has settled, so the next page does not wait for it.
afterFirstPageSettles(() => void loadPageStrings().catch(() => undefined));
