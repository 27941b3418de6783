import { Link, useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { Screen } from '../../components/screen.tsx';
import button from '../../components/ui/button.module.css';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import panel from '../../components/ui/panel.module.css';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { appStore } from '../../stores/app-store.ts';
import { useCardInfo, useRestoreWithCard } from './api/account.ts';
import styles from './restore.module.css';

/** The card's code, from the address's fragment (/restore#CODE): it never reaches a server log. */
function codeFromLocation(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1)).trim();
  } catch {
    return '';
  }
}

/** Another card scanned while the page is open changes only the fragment. */
function onHashChange(changed: () => void): () => void {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
}

/**
 * /restore#CODE, opened by scanning an account card: whose account it is, and 恢复此账号, which
 * signs that member in on this device (login/card) and goes on to /mine.
 */
export function RestorePage() {
  const { t } = useTranslation();
  const code = useSyncExternalStore(onHashChange, codeFromLocation);
  const info = useCardInfo(code);
  const restore = useRestoreWithCard();
  const navigate = useNavigate();
  const current = useSnapshot(appStore).userInfo;
  const title = t('card.restoreTitle');
  const home = (
    <Link to="/" className={button.pill}>
      {t('card.home')}
    </Link>
  );

  if (!code)
    return (
      <Screen title={title} testId="restore-page">
        <EmptyState title={t('card.missing')} description={t('card.missingHint')} action={home} />
      </Screen>
    );
  if (info.isError)
    return (
      <Screen title={title} testId="restore-page">
        <EmptyState title={t('card.invalid')} description={t('card.invalidHint')} action={home} />
      </Screen>
    );

  const card = info.data;
  function confirm() {
    restore.mutate(code, {
      onSuccess: () => {
        toast(t('card.restored'));
        void navigate({ to: '/mine', replace: true });
      },
    });
  }

  return (
    <Screen title={title} testId="restore-page">
      <section className={`${panel.panel} ${styles.card}`} aria-busy={!card}>
        <p className={styles.intro}>{t('card.restoreIntro')}</p>
        {card ? (
          <div className={styles.who} data-testid="restore-who">
            <span className={styles.avatar}>
              <MaskedImage path={card.avatar} width={64} height={64} alt="" loading="eager" />
            </span>
            <span className={styles.names}>
              <span className={styles.nickname}>{card.nickname}</span>
              <span className={styles.meta}>{card.account}</span>
              <span className={styles.meta}>{t('card.issuedAt', { time: formatDate(new Date(card.issuedAt)) })}</span>
            </span>
          </div>
        ) : (
          <Loading className={styles.who}>
            <Skeleton className={styles.avatar} />
          </Loading>
        )}
        {current?.isUser ? <p className={styles.meta}>{t('card.switchNote', { name: current.nickname || current.account })}</p> : null}
        <button type="button" className={button.primary} disabled={!card || restore.isPending} onClick={confirm} data-testid="restore-confirm">
          {restore.isPending ? t('card.restoring') : t('card.restore')}
        </button>
      </section>
    </Screen>
  );
}
