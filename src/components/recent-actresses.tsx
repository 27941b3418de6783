import { Link } from '@tanstack/react-router';
import { recentActressOf, type RecentActress } from '../lib/actress-records.ts';
import { useLocalRecords } from '../lib/use-records.ts';
import { EmptyState } from './ui/empty-state.tsx';
import { MaskedImage } from './ui/masked-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import styles from './recent-actresses.module.css';
import { useTranslation } from '../i18n/index.ts';

const RECENT_LIMIT = 20;

/** 最近浏览的演员: the performers whose pages were opened, from the local database (works offline). */
export function RecentActresses() {
  const { t } = useTranslation();
  const { records, failed } = useLocalRecords('actress', RECENT_LIMIT);

  if (failed) return <EmptyState title={t('common.fetchFailed')} />;
  if (!records) {
    return (
      <div className={styles.row} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className={styles.skeleton} />
        ))}
      </div>
    );
  }
  const entries = records.map(recentActressOf).filter((e): e is RecentActress => e !== null);
  if (entries.length === 0) return <EmptyState title={t('records.empty')} description={t('records.emptyHint')} />;
  return (
    <ul className={styles.row} data-testid="recent-actresses">
      {entries.map((entry) => (
        <li key={entry.key} className={styles.item}>
          <Link to="/actressPage" search={{ id: entry.actressId }} className={styles.link} data-testid="recent-actress">
            <MaskedImage path={entry.avatar} width={256} height={256} alt={entry.name} className={styles.avatar} sizes="64px" />
            <span className={styles.name}>{entry.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
