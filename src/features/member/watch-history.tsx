import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { DbRecord } from '../../lib/db.ts';
import type { WatchRecord } from '../../lib/watch-records.ts';
import { useLocalRecords } from '../../lib/use-records.ts';
import { formatDuration, formatRelativeTime } from '../../lib/format.ts';
import { useOfflineFirst } from '../../lib/use-downloads.ts';
import { useTranslation } from '../../i18n/index.ts';
import badge from '../../components/ui/badge.module.css';
import styles from './mine.module.css';

const HISTORY_LIMIT = 50;

/** A watch record as the list shows it: keyed by its row, the title and time under their own names. */
type HistoryEntry = Omit<WatchRecord, 'name' | 'refId' | 'watchedAt'> & { key: number; title: string; at: string };

/** Records are written by the video screen; anything malformed is skipped rather than shown. */
function toEntry(record: DbRecord): HistoryEntry | null {
  const videoId = Number(record.videoId ?? record.refId);
  if (!Number.isInteger(videoId) || record.id === undefined) return null;
  const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return {
    key: record.id,
    videoId,
    title: typeof record.name === 'string' ? record.name : '',
    cover: typeof record.cover === 'string' ? record.cover : '',
    coverWidth: num(record.coverWidth, 16),
    coverHeight: num(record.coverHeight, 9),
    duration: num(record.duration, 0),
    position: num(record.position, 0),
    finished: record.finished === true,
    at: String(record.watchedAt ?? record.updatedAt ?? record.createdAt ?? ''),
  };
}

/** Watch history from the local database, so it reads the same offline. */
export function WatchHistory() {
  const { t } = useTranslation();
  const { records, failed } = useLocalRecords('videos', HISTORY_LIMIT);
  const all = (records ?? []).map(toEntry).filter((e): e is HistoryEntry => e !== null);
  const { items: entries, offlineFirst, saved } = useOfflineFirst(all, (entry) => entry.videoId);

  if (failed) return <EmptyState title={t('common.fetchFailed')} />;
  if (!records) {
    return (
      <div className={styles.list} aria-busy="true">
        <Skeleton className={styles.listSkeleton} />
        <Skeleton className={styles.listSkeleton} />
      </div>
    );
  }
  if (entries.length === 0) return <EmptyState title={t('mine.noHistory')} description={t('mine.noHistoryHint')} />;
  return (
    <>
      {offlineFirst ? (
        <p className={styles.itemMeta} data-testid="offline-first">
          {t('storage.offlineFirst')}
        </p>
      ) : null}
      <ul className={styles.list} data-testid="history-list">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link to="/videoDetails" search={{ id: entry.videoId }} className={styles.item} data-testid="history-item">
              <span className={styles.coverSlot}>
                <MaskedImage path={entry.cover} width={entry.coverWidth} height={entry.coverHeight} alt={entry.title} className={styles.cover} />
                {entry.duration > 0 ? (
                  <span className={styles.progress} aria-hidden="true">
                    <span style={{ width: `${entry.finished ? 100 : Math.min(100, (entry.position / entry.duration) * 100)}%` }} />
                  </span>
                ) : null}
              </span>
              <span className={styles.itemBody}>
                <span className={styles.itemTitle}>{entry.title}</span>
                <span className={styles.itemMeta}>
                  {entry.finished
                    ? t('mine.finished')
                    : entry.duration > 0
                      ? t('mine.watchedTo', { position: formatDuration(entry.position), duration: formatDuration(entry.duration) })
                      : null}
                </span>
                <span className={styles.itemMeta}>
                  {formatRelativeTime(entry.at)}
                  {saved.has(entry.videoId) ? (
                    <span className={`${badge.badge} ${styles.savedBadge}`} data-testid="offline-badge">
                      {t('downloads.offlineBadge')}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
