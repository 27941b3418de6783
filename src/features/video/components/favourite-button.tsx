import { MemberToggle } from '../../../components/member-toggle.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useCollectVideo } from '../api/collect-video.ts';
import styles from './video-info.module.css';
import hit from '../../../components/ui/hit-area.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 收藏 / 已收藏 with the favourite count. */
export function FavouriteButton({ id, collected, count }: { id: number; collected: boolean; count: number }) {
  const { t } = useTranslation();
  return (
    <MemberToggle
      on={collected}
      mutation={useCollectVideo(id)}
      className={`${collected ? styles.favouriteOn : styles.favourite} ${hit.area}`}
      testId="favourite-toggle"
    >
      <span aria-hidden="true">{collected ? '★' : '☆'}</span>
      {collected ? t('video.favourited') : t('video.favourite')}
      <span className={styles.favouriteCount}>{formatCount(count)}</span>
    </MemberToggle>
  );
}
