import { MemberToggle } from '../../../components/member-toggle.tsx';
import { useFollowActress } from '../api/follow-actress.ts';
import styles from '../actress.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 关注 / 已关注. */
export function FollowButton({ id, followed }: { id: number; followed: boolean }) {
  const { t } = useTranslation();
  return (
    <MemberToggle on={followed} mutation={useFollowActress(id)} className={followed ? styles.followOn : styles.follow} testId="follow-toggle">
      {followed ? t('actresses.followed') : <FollowLabel label={t('actresses.follow')} />}
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
