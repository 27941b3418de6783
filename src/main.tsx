import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { queryClient } from './lib/query-client.ts';
import { trackRootFont } from './lib/root-font.ts';
import { router, trackScroll } from './lib/router.ts';
import { ensureSession, installLoginInvalidHandler } from './lib/session.ts';
import { trackLayout } from './stores/layout-store.ts';
import './styles/global.css';

trackRootFont();
trackLayout();
trackScroll();

installLoginInvalidHandler(async () => {
  // The root guard signs in as a guest again; queries then refetch with the new token.
  await router.navigate({ to: '/', replace: true });
  await ensureSession();
  await router.invalidate();
  await queryClient.invalidateQueries();
});

const container = document.getElementById('app');
if (!container) throw new Error('index.html lacks #app');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
