import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { authStore } from '../../stores/auth-store.ts';

const LoginPopup = lazy(() => import('./login-popup.tsx').then((m) => ({ default: m.LoginPopup })));

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
