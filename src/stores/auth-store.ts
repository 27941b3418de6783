import { proxy } from 'valtio';
import { isRegisteredUser } from './app-store.ts';

/** The popup's tabs (signIn, signUp) and the sign-in tab's other ways: by phone code, and the password reset. */
export type AuthMode = 'signIn' | 'signUp' | 'phone' | 'reset';

/** Why the popup opened by itself: a guest asked for a members' page. */
export type AuthReason = 'member';

export const authStore = proxy<{ open: boolean; mode: AuthMode; reason: AuthReason | null }>({ open: false, mode: 'signIn', reason: null });

let opener: HTMLElement | null = null;
/** Where to go once signed in (the members' page a guest asked for). */
let next: string | null = null;

/** Opens the popup with a one-line reason; a sign-in then goes on to `then`. */
export function askToSignIn(reason: AuthReason, then: string): void {
  next = then;
  showLogin('signIn');
  authStore.reason = reason;
}

/** The page a sign-in goes on to, once (null when the popup was opened by hand). */
export function takeNextPage(): string | null {
  const page = next;
  next = null;
  return page;
}

export function showLogin(mode: AuthMode = 'signIn'): void {
  if (!authStore.open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement) {
    opener = document.activeElement;
  }
  authStore.mode = mode;
  authStore.reason = null;
  authStore.open = true;
}

export function hideLogin(): void {
  authStore.open = false;
  authStore.reason = null;
  next = null;
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
