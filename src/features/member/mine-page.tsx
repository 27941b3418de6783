import { Screen } from '../../components/screen.tsx';
import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { RecentActresses } from '../../components/recent-actresses.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { appStore } from '../../stores/app-store.ts';
import { signOut } from '../../lib/session.ts';
import { showLogin } from '../../stores/auth-store.ts';
import { FavouriteList } from './favourite-list.tsx';
import { MyComments } from './my-comments.tsx';
import { MyPosts } from './my-posts.tsx';
import { MyWorks } from './my-works.tsx';
import styles from './mine.module.css';
import { WatchHistory } from './watch-history.tsx';
import { RecentReviews } from './recent-reviews.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { clearWatchHistory, syncWatchHistory } from '../../lib/history-sync.ts';
import { clearStore, type StoreName } from '../../lib/db.ts';
import { useLocalCount } from '../../lib/use-records.ts';
import { CheckinCard } from './checkin-card.tsx';
import { PointsCard } from './points-card.tsx';
import { InviteCard } from './invite-card.tsx';
import { UnreadDot } from '../../components/unread-badge.tsx';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';
import layout from '../../components/ui/page.module.css';
import panel from '../../components/ui/panel.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';
import { toast } from '../../lib/toast.ts';
import { AVATAR_SOURCE_MAX_BYTES } from './avatar-crop.ts';

// The cropper comes with the editor, when a member first picks a picture.
const AvatarEditor = lazy(() => import('./avatar-editor.tsx'));

/** The member's avatar as a button: it opens the file picker, then the editor for the picture chosen. */
function AvatarPicker({ avatar, name }: { avatar: string; name: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // The same file may be picked again after cancelling.
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > AVATAR_SOURCE_MAX_BYTES) return toast(t('avatar.tooLarge', { mb: AVATAR_SOURCE_MAX_BYTES / 1024 / 1024 }));
    setFile(chosen);
  }

  return (
    <>
      <button type="button" className={`${styles.avatar} ${styles.avatarButton}`} onClick={() => input.current?.click()} data-testid="avatar-change">
        {avatar ? <MaskedImage path={avatar} width={64} height={64} alt="" loading="eager" /> : <span aria-hidden="true">{name.slice(0, 1)}</span>}
        <span className={styles.avatarBadge} aria-hidden="true">
          ✎
        </span>
        <span className={hidden.visuallyHidden}>{t('avatar.change')}</span>
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={picked} data-testid="avatar-file" />
      {file ? (
        <Suspense fallback={null}>
          <AvatarEditor file={file} onClose={() => setFile(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function MinePage() {
  const { t } = useTranslation();
  const { userInfo } = useSnapshot(appStore);
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const member = userInfo?.isUser === true;
  const memberId = member ? userInfo.id : 0;
  // The account's watches from the member's other devices join this one's.
  useEffect(() => {
    if (memberId) void syncWatchHistory();
  }, [memberId]);
  const name = member ? userInfo.nickname || userInfo.account || userInfo.mobile : t('mine.guest');

  async function logout() {
    setLeaving(true);
    try {
      await signOut();
      // A guest may not stay on the personal area.
      await router.navigate({ to: '/', replace: true });
    } catch (failure) {
      console.warn('logout failed', failure);
    } finally {
      setLeaving(false);
    }
  }

  return (
    <Screen title={t('app.mine')}>
      <section className={`${panel.panel} ${styles.profile}`} aria-label={t('mine.profile')}>
        {member ? (
          <AvatarPicker avatar={userInfo.avatar} name={name} />
        ) : (
          <span className={styles.avatar}>
            <span aria-hidden="true">{name.slice(0, 1)}</span>
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.name}>{name}</span>
          {member && userInfo.account ? <span className={styles.meta}>{t('mine.accountLine', { account: userInfo.account })}</span> : null}
          {member && userInfo.signature ? (
            <span className={styles.meta} data-testid="mine-signature">
              {userInfo.signature}
            </span>
          ) : null}
        </span>
        {member ? (
          <button type="button" className={button.button} onClick={logout} disabled={leaving}>
            {t('mine.signOut')}
          </button>
        ) : (
          <button type="button" className={button.primary} onClick={() => showLogin()}>
            {t('app.signInOrUp')}
          </button>
        )}
      </section>
      {member ? (
        <>
          <Link to="/account" className={`${panel.panel} ${styles.entry}`} data-testid="mine-account">
            <span>{t('account.entry')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
          <Link to="/sysMsg" className={`${panel.panel} ${styles.entry}`} data-testid="mine-messages">
            <span>{t('messages.entry')}</span>
            <UnreadDot />
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
          <Link to="/storage" className={`${panel.panel} ${styles.entry}`} data-testid="mine-storage">
            <span>{t('storage.entry')}</span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
          <div className={styles.memberGrid}>
            <MineSection id="checkin-heading" title={t('checkin.title')}>
              <CheckinCard userId={userInfo.id} />
            </MineSection>
            <MineSection id="points-heading" title={t('points.title')}>
              <PointsCard userId={userInfo.id} />
            </MineSection>
          </div>
        </>
      ) : null}
      <MineSection
        id="history-heading"
        title={t('mine.history')}
        action={
          <ClearButton
            store="videos"
            heading={t('mine.clearHistory')}
            message={member ? t('mine.clearHistoryMember') : t('mine.clearHistoryGuest')}
            onClear={clearWatchHistory}
            testId="clear-history"
          />
        }
      >
        <WatchHistory />
      </MineSection>
      <MineSection
        id="recent-actresses-heading"
        title={t('mine.recentActresses')}
        action={
          <ClearButton
            store="actress"
            heading={t('mine.clearActresses')}
            message={t('mine.clearLocal')}
            onClear={() => clearStore('actress')}
            testId="clear-actresses"
          />
        }
      >
        <RecentActresses />
      </MineSection>
      <MineSection
        id="recent-reviews-heading"
        title={t('mine.recentReviews')}
        action={
          <ClearButton
            store="reviews"
            heading={t('mine.clearReviews')}
            message={t('mine.clearLocal')}
            onClear={() => clearStore('reviews')}
            testId="clear-reviews"
          />
        }
      >
        <RecentReviews />
      </MineSection>
      {member ? (
        <>
          <MineSection id="favourites-heading" title={t('mine.favourites')}>
            <FavouriteList userId={userInfo.id} />
          </MineSection>
          <MineSection id="my-works" title={t('works.title')}>
            <MyWorks userId={userInfo.id} />
          </MineSection>
          <MineSection id="my-posts" title={t('myPosts.title')}>
            <MyPosts userId={userInfo.id} />
          </MineSection>
          <MineSection id="comments-heading" title={t('mine.comments')}>
            <MyComments userId={userInfo.id} />
          </MineSection>
          <MineSection id="invite-heading" title={t('invite.heading')}>
            <InviteCard userId={userInfo.id} />
          </MineSection>
        </>
      ) : null}
    </Screen>
  );
}

function MineSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={layout.sectionTitle}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A section's 清空, asking first; the records go from this device (and the account, for history).
 * Shown only while the section's store holds something to clear.
 */
function ClearButton({
  store,
  heading,
  message,
  onClear,
  testId,
}: {
  store: StoreName;
  heading: string;
  message: string;
  onClear: () => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const count = useLocalCount(store);

  async function clear() {
    try {
      await onClear();
      toast(t('mine.cleared'));
    } catch {
      toast(t('common.fetchFailed'));
    }
  }

  // The dialog stays while it is open: the count drops to 0 as it clears.
  if (!count && !asking) return null;
  return (
    <>
      <button type="button" className={styles.sectionAction} onClick={() => setAsking(true)} data-testid={testId}>
        {t('mine.clear')}
      </button>
      {asking ? (
        <ConfirmDialog
          heading={heading}
          message={message}
          confirmLabel={t('mine.clear')}
          onConfirm={clear}
          onClose={() => setAsking(false)}
          testId={`${testId}-dialog`}
        />
      ) : null}
    </>
  );
}
