import { MemberToggle } from '../../../components/member-toggle.tsx';
import { PendingMark } from '../../../components/outbox-marks.tsx';
import { useLatestPending } from '../../../lib/use-outbox.ts';
import { followTarget, useFollowActress } from '../api/follow-actress.ts';
import styles from '../actress.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 关注 / 已关注. */
export function FollowButton({ id, followed }: { id: number; followed: boolean }) {
  const { t } = useTranslation();
  // A follow kept offline shows as made, also once the page is read again from its offline copy.
  const pending = useLatestPending(followTarget(id));
  const on = pending ? pending.kind === 'follow' : followed;
  return (
    <MemberToggle on={on} mutation={useFollowActress(id)} className={on ? styles.followOn : styles.follow} testId="follow-toggle">
      {on ? t('actresses.followed') : <FollowLabel label={t('actresses.follow')} />}
      <PendingMark pending={pending !== null} testId="follow-pending" />
    </MemberToggle>
  );
}

function FollowLabel({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">+ </span>
      {label}
    </>
  );
}
