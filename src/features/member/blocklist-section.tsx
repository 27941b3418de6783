import { useId } from 'react';
import type { BlockedMember } from '../../../protocol/safety-api.ts';
import { useBlocklist, useUnblockMember } from '../../components/safety/safety-api.ts';
import button from '../../components/ui/button.module.css';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import panel from '../../components/ui/panel.module.css';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import styles from './account.module.css';

/** 黑名单 on /account: the members this member blocked, newest first, each with 解除. */
export function BlocklistSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useBlocklist(userId);
  const unblock = useUnblockMember(userId);
  const members = query.data?.pages.flatMap((page) => page.list) ?? [];

  function release(member: BlockedMember) {
    unblock.mutate(member.id, { onSuccess: () => toast(t('safety.unblocked', { name: member.nickname })) });
  }

  return (
    <section className={`${panel.panel} ${styles.form}`} aria-labelledby={`${id}-heading`} data-testid="blocklist-section">
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('safety.blocklist')}
        {query.data ? <span className={styles.badge}>{query.data.pages[0]?.total ?? 0}</span> : null}
      </h2>
      <p className={styles.hint}>{t('safety.blocklistHint')}</p>
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton className={styles.statusSkeleton} />
      ) : members.length === 0 ? (
        <p className={styles.blockEmpty} data-testid="blocklist-empty">
          {t('safety.blocklistEmpty')}
        </p>
      ) : (
        <ul className={styles.blocklist} aria-labelledby={`${id}-heading`}>
          {members.map((member) => (
            <li key={member.id} className={styles.blocked} data-testid="blocked-member">
              <MaskedImage path={member.avatar} width={64} height={64} alt="" className={styles.blockedAvatar} sizes="40px" />
              <span className={styles.blockedText}>
                <span className={styles.blockedName}>{member.nickname}</span>
                <span className={styles.blockedDate}>{t('safety.blockedOn', { date: formatDate(new Date(member.blockedAt)) })}</span>
              </span>
              <button
                type="button"
                className={`${button.button} ${button.small}`}
                disabled={unblock.isPending && unblock.variables === member.id}
                onClick={() => release(member)}
                aria-label={t('safety.unblockLabel', { name: member.nickname })}
                data-testid="unblock"
              >
                {t('safety.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <button type="button" className={button.pill} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('safety.moreBlocked')}
        </button>
      ) : null}
    </section>
  );
}
