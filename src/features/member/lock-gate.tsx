import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { withPageStrings } from '../../i18n/index.ts';
import { noteHidden, shouldLock } from '../../lib/lock-screen.ts';
import { appStore } from '../../stores/app-store.ts';
import styles from './lock-gate.module.css';

// Members only: a guest's first visit does not load the prompt, the passcode query or the account's API.
const MemberLock = lazy(() => withPageStrings(() => import('./member-lock.tsx')).then((m) => ({ default: m.MemberLock })));

/** While the prompt's code loads, a member who must unlock sees a plain cover, never the page. */
function LockCover({ memberId }: { memberId: number }) {
  return shouldLock(memberId) ? <div className={styles.cover} data-testid="lock-cover" /> : null;
}

let visibilityChanges = 0;

/**
 * Notes when the app goes away, here in the eager gate rather than in the lazy prompt: a member who
 * switches away while the prompt's code still loads is asked for the passcode on coming back all the
 * same. Subscribers re-render on every change, so the cover follows the page's visibility too.
 */
function subscribeVisibility(onChange: () => void): () => void {
  const listener = () => {
    if (document.visibilityState === 'hidden') noteHidden();
    // A count, not the state: away and back before React renders must still render again.
    visibilityChanges += 1;
    onChange();
  };
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

const visibilitySnapshot = () => visibilityChanges;

/** A guest's gate listens to nothing. */
function noSubscription(): () => void {
  return () => undefined;
}

/**
 * Asks for the member's lock-screen passcode when the app comes back after being hidden for more
 * than a minute (or starts again later). The passcode's hash comes from the account, so a passcode
 * set on another device locks this one too, and it is checked here, offline as well.
 */
export function LockGate() {
  const { userInfo } = useSnapshot(appStore);
  const memberId = userInfo?.isUser ? userInfo.id : 0;
  useSyncExternalStore(memberId ? subscribeVisibility : noSubscription, visibilitySnapshot, visibilitySnapshot);
  // One gate per member: another sign-in starts from that member's own state.
  if (!memberId) return null;
  return (
    <Suspense fallback={<LockCover memberId={memberId} />}>
      <MemberLock key={memberId} memberId={memberId} />
    </Suspense>
  );
}
