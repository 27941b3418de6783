import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { DbRecord } from '../../lib/db.ts';
import { formatRelativeTime } from '../../lib/format.ts';
import { useLocalRecords } from '../../lib/use-records.ts';
import { useTranslation } from '../../i18n/index.ts';
import styles from './mine.module.css';

const RECENT_LIMIT = 20;

interface RecentReview {
  key: number;
  reviewId: number;
  title: string;
  author: string;
  videoTitle: string;
  cover: string;
  at: string;
}

/** Records are written by the review screen; anything malformed is skipped rather than shown. */
function toEntry(record: DbRecord): RecentReview | null {
  const reviewId = Number(record.reviewId ?? record.refId);
  if (!Number.isInteger(reviewId) || record.id === undefined) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    key: record.id,
    reviewId,
    title: text(record.title),
    author: text(record.author),
    videoTitle: text(record.videoTitle),
    cover: text(record.cover),
    at: String(record.visitedAt ?? record.updatedAt ?? record.createdAt ?? ''),
  };
}

/** 最近浏览的影评: the reviews read on this device, from the local database (works offline). */
export function RecentReviews() {
  const { t } = useTranslation();
  const { records, failed } = useLocalRecords('reviews', RECENT_LIMIT);

  if (failed) return <EmptyState title={t('common.fetchFailed')} />;
  if (!records) {
    return (
      <div className={styles.list} aria-busy="true">
        <Skeleton className={styles.listSkeleton} />
      </div>
    );
  }
  const entries = records.map(toEntry).filter((e): e is RecentReview => e !== null);
  if (entries.length === 0) return <EmptyState title={t('mine.noReviews')} description={t('mine.noReviewsHint')} />;
  return (
    <ul className={styles.list} data-testid="recent-reviews">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link to="/reviewDetail" search={{ id: entry.reviewId }} className={styles.item} data-testid="recent-review">
            <span className={styles.coverSlot}>
              <MaskedImage path={entry.cover} width={16} height={9} alt="" className={styles.cover} />
            </span>
            <span className={styles.itemBody}>
              <span className={styles.itemTitle}>{entry.title}</span>
              <span className={styles.itemMeta}>{t('mine.reviewOf', { author: entry.author, video: entry.videoTitle })}</span>
              <span className={styles.itemMeta}>{formatRelativeTime(entry.at)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
