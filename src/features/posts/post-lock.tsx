import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { PostDetail } from '../../../protocol/content-api.ts';
import button from '../../components/ui/button.module.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { checkNoAuth } from '../../stores/auth-store.ts';
import { usePayPost, usePostAccess } from './api/post-access.ts';
import { postKeys } from './api/post-keys.ts';
import styles from './posts.module.css';

/**
 * Under a locked paid post's opening lines: what unlocking gives and what it costs. A guest is asked
 * to sign in; a member sees their points (post/isLook), confirms, and pays (post/pay), after which
 * the whole post shows. With fewer points than the price the button says so and points to /mine.
 */
export function PostLock({ post, onUnlocked }: { post: PostDetail; onUnlocked: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const client = useQueryClient();
  const viewer = useSnapshot(appStore).userInfo;
  const userId = viewer?.isUser ? viewer.id : 0;
  const access = usePostAccess(post.id, userId);
  const pay = usePayPost(post.id, userId);
  const [confirming, setConfirming] = useState(false);
  const balance = access.data?.balance;
  const short = balance !== undefined && balance < post.price;
  const openedElsewhere = access.data?.locked === false;

  // Unlocked meanwhile (another tab, another device): the whole post is asked for again.
  useEffect(() => {
    if (openedElsewhere) void client.invalidateQueries({ queryKey: postKeys.detail(post.id) });
  }, [openedElsewhere, client, post.id]);

  const unlock = async () => {
    try {
      await pay.mutateAsync();
    } catch {
      // The api client has shown why (not enough points…); the balance is asked again.
      void access.refetch();
      return;
    }
    toast(t('posts.unlocked'));
    onUnlocked();
  };

  return (
    <section className={styles.lock} aria-labelledby={headingId} data-testid="post-lock">
      <svg className={styles.lockIcon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <h3 id={headingId} className={styles.lockHeading}>
        {t('posts.locked')}
      </h3>
      <p className={styles.lockHint}>{post.imageCount > 0 ? t('posts.unlockHintImages', { n: post.imageCount }) : t('posts.unlockHint')}</p>
      <p className={styles.lockPrice} data-testid="post-price">
        {t('posts.price', { price: post.price })}
      </p>
      <p className={styles.lockBalance} data-testid="post-balance">
        {!userId ? (
          t('posts.signInToUnlock')
        ) : balance !== undefined ? (
          t('posts.balance', { balance })
        ) : access.isError ? null : (
          <Skeleton className={styles.balanceSkeleton} />
        )}
      </p>
      <button
        type="button"
        className={button.primary}
        disabled={short || pay.isPending}
        aria-haspopup={userId ? 'dialog' : undefined}
        onClick={() => {
          if (checkNoAuth()) return;
          setConfirming(true);
        }}
        data-testid="post-unlock"
      >
        {short ? t('posts.notEnough') : t('posts.unlock', { price: post.price })}
      </button>
      {short ? (
        <Link to="/mine" className={styles.earn} data-testid="post-earn-points">
          {t('posts.earnPoints')}
        </Link>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          heading={t('posts.confirmUnlock')}
          message={t('posts.confirmUnlockMessage', { price: post.price })}
          confirmLabel={t('posts.confirmUnlockAction')}
          onConfirm={unlock}
          onClose={() => setConfirming(false)}
          testId="post-unlock-confirm"
        />
      ) : null}
    </section>
  );
}
