import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { withPageStrings } from '../../i18n/index.ts';
import { authStore } from '../../stores/auth-store.ts';

const LoginPopup = lazy(() => withPageStrings(() => import('./login-popup.tsx')).then((m) => ({ default: m.LoginPopup })));

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
