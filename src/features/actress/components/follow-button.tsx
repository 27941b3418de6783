import { checkNoAuth } from '../../../stores/auth-store.ts';
import { useFollowActress } from '../api/follow-actress.ts';
import styles from '../actress.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 关注 / 已关注: guests are asked to sign in first (SPEC §6, protected actions). */
export function FollowButton({ id, followed }: { id: number; followed: boolean }) {
  const { t } = useTranslation();
  const mutation = useFollowActress(id);
  const toggle = () => {
    if (checkNoAuth()) return;
    mutation.mutate(!followed);
  };
  return (
    <button
      type="button"
      className={followed ? styles.followOn : styles.follow}
      aria-pressed={followed}
      disabled={mutation.isPending}
      onClick={toggle}
      data-testid="follow-toggle"
    >
      {followed ? (
        t('actresses.followed')
      ) : (
        <>
          <span aria-hidden="true">+ </span>
          {t('actresses.follow')}
        </>
      )}
    </button>
  );
}
