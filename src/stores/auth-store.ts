import { proxy } from 'valtio';
import { isRegisteredUser } from './app-store.ts';

/** The popup's tabs (signIn, signUp) and the sign-in tab's other ways: by phone code, and the password reset. */
export type AuthMode = 'signIn' | 'signUp' | 'phone' | 'reset';

export const authStore = proxy<{ open: boolean; mode: AuthMode }>({ open: false, mode: 'signIn' });

let opener: HTMLElement | null = null;

export function showLogin(mode: AuthMode = 'signIn'): void {
  if (!authStore.open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    opener = document.activeElement;
  }
  authStore.mode = mode;
  authStore.open = true;
}

export function hideLogin(): void {
  authStore.open = false;
  const target = opener;
  opener = null;
  // Focus goes back to what opened the popup, once the dialog has left the DOM.
  if (target?.isConnected) setTimeout(() => target.focus(), 0);
}

/** Opens the popup for anyone who is not a registered user; tells whether it is now open. */
export function checkNoAuth(): boolean {
  if (isRegisteredUser()) return false;
  showLogin();
  return true;
}
