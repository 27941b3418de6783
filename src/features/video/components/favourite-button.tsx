import { MemberToggle } from '../../../components/member-toggle.tsx';
import { PendingMark } from '../../../components/outbox-marks.tsx';
import { useLatestPending } from '../../../lib/use-outbox.ts';
import { formatCount } from '../../../lib/format.ts';
import { useCollectVideo } from '../api/collect-video.ts';
import styles from './video-info.module.css';
import hit from '../../../components/ui/hit-area.module.css';
import { useTranslation } from '../../../i18n/index.ts';

/** 收藏 / 已收藏 with the favourite count. */
export function FavouriteButton({ id, collected, count }: { id: number; collected: boolean; count: number }) {
  const { t } = useTranslation();
  // A favourite kept offline shows as made, also once the page is read again from its offline copy.
  const pending = useLatestPending(`video:${id}`);
  const on = pending ? pending.kind === 'favourite' : collected;
  return (
    <MemberToggle on={on} mutation={useCollectVideo(id)} className={`${on ? styles.favouriteOn : styles.favourite} ${hit.area}`} testId="favourite-toggle">
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
      {on ? t('video.favourited') : t('video.favourite')}
      <span className={styles.favouriteCount}>{formatCount(count)}</span>
      <PendingMark pending={pending !== null} testId="favourite-pending" />
    </MemberToggle>
  );
}
