import { checkNoAuth } from '../../../stores/auth-store.ts';
import { useFollowActress } from '../api/follow-actress.ts';
import styles from '../actress.module.css';

/** 关注 / 已关注: guests are asked to sign in first (SPEC §6, protected actions). */
export function FollowButton({ id, followed }: { id: number; followed: boolean }) {
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
        '已关注'
      ) : (
        <>
          <span aria-hidden="true">+ </span>关注
        </>
      )}
    </button>
  );
}
