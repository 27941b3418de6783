import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { loadPageStrings } from '../../i18n/index.ts';
import { authStore } from '../../stores/auth-store.ts';

// Home opens it too, before the words of the other pages may have loaded: it waits for them.
const LoginPopup = lazy(() => Promise.all([import('./login-popup.tsx'), loadPageStrings()]).then(([m]) => ({ default: m.LoginPopup })));

/** Mounts the popup only while open, and loads its code on first use. */
export function LoginHost() {
  const { open } = useSnapshot(authStore);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginPopup />
    </Suspense>
  );
}
