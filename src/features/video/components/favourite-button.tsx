import { checkNoAuth } from '../../../stores/auth-store.ts';
import { formatCount } from '../../../lib/format.ts';
import { useCollectVideo } from '../api/collect-video.ts';
import styles from './video-info.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 收藏 / 已收藏: guests are asked to sign in first (SPEC §6, protected actions). */
export function FavouriteButton({ id, collected, count }: { id: number; collected: boolean; count: number }) {
  const { t } = useTranslation();
  const mutation = useCollectVideo(id);
  const toggle = () => {
    if (checkNoAuth()) return;
    mutation.mutate(!collected);
  };
  return (
    <button
      type="button"
      className={collected ? styles.favouriteOn : styles.favourite}
      aria-pressed={collected}
      disabled={mutation.isPending}
      onClick={toggle}
      data-testid="favourite-toggle"
    >
      <span aria-hidden="true">{collected ? '★' : '☆'}</span>
      {collected ? t('video.favourited') : t('video.favourite')}
      <span className={styles.favouriteCount}>{formatCount(count)}</span>
    </button>
  );
}
