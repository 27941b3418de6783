import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { DownloadActions, useDownloadError, useDownloadLabel } from '../../components/download-controls.tsx';
import { Screen } from '../../components/screen.tsx';
import card from '../../components/video-card.module.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { MaskedImage } from '../../components/ui/masked-image.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { removeAllDownloads } from '../../lib/downloads.ts';
import { formatBytes, formatDuration } from '../../lib/format.ts';
import { clearWatchHistory } from '../../lib/history-sync.ts';
import type { DownloadRecord } from '../../lib/local-db.ts';
import {
  clearImageCache,
  clearPageCache,
  imageCacheUsage,
  pageCacheUsage,
  readStorageEstimate,
  type CacheUsage,
  type StorageEstimateInfo,
} from '../../lib/storage-usage.ts';
import { downloadPercent, useDownloads } from '../../lib/use-downloads.ts';
import { useLocalCount } from '../../lib/use-records.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../i18n/index.ts';
import button from '../../components/ui/button.module.css';
import panel from '../../components/ui/panel.module.css';
import entry from './mine.module.css';
import styles from './storage-page.module.css';

type Kind = 'downloads' | 'images' | 'pages' | 'history';

interface Usage {
  estimate: StorageEstimateInfo | null;
  images: CacheUsage;
  pages: CacheUsage;
}

/** The figures of the screen, read again after each clear and as downloads progress. */
function useUsage(downloadsKey: string): [Usage | undefined, () => void] {
  const [usage, setUsage] = useState<Usage>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all([readStorageEstimate().catch(() => null), imageCacheUsage(), pageCacheUsage()]).then(
      ([estimate, images, pages]) => live && setUsage({ estimate, images, pages }),
      () => live && setUsage({ estimate: null, images: { entries: 0, bytes: 0 }, pages: { entries: 0, bytes: 0 } }),
    );
    return () => {
      live = false;
    };
  }, [round, downloadsKey]);
  return [usage, useCallback(() => setRound((n) => n + 1), [])];
}

/**
 * /storage (离线与存储): what the app keeps on this device, with the browser's own figure, the
 * saved videos with their state, and a clear for each kind. Open to guests too: downloads are the
 * device's, not the account's.
 */
export function StoragePage() {
  const { t } = useTranslation();
  const downloads = useDownloads();
  const historyCount = useLocalCount('videos');
  const downloadsKey = (downloads ?? []).map((d) => `${d.videoId}:${d.state}`).join(',');
  const [usage, refresh] = useUsage(downloadsKey);
  const [asking, setAsking] = useState<Kind | null>(null);
  const downloadBytes = (downloads ?? []).reduce((sum, d) => sum + d.bytesDone, 0);

  const clears: Record<Kind, { heading: string; message?: string; run: () => Promise<void> }> = {
    downloads: { heading: t('storage.confirmDownloads'), message: t('storage.confirmDownloadsHint'), run: removeAllDownloads },
    images: { heading: t('storage.confirmImages'), run: clearImageCache },
    pages: { heading: t('storage.confirmPages'), run: clearPageCache },
    history: { heading: t('storage.confirmHistory'), run: clearWatchHistory },
  };

  const cacheDetail = (cache: CacheUsage | undefined) => (cache ? t('storage.items', { count: cache.entries, size: formatBytes(cache.bytes) }) : undefined);
  const kinds: Omit<KindRowProps, 'onClear'>[] = [
    {
      kind: 'downloads',
      name: t('storage.downloads'),
      detail: t('storage.items', { count: downloads?.length ?? 0, size: formatBytes(downloadBytes) }),
      empty: !downloads?.length,
      label: t('storage.clearAll'),
    },
    { kind: 'images', name: t('storage.images'), detail: cacheDetail(usage?.images), empty: !usage?.images.entries, label: t('storage.clear') },
    { kind: 'pages', name: t('storage.pages'), detail: cacheDetail(usage?.pages), empty: !usage?.pages.entries, label: t('storage.clear') },
    {
      kind: 'history',
      name: t('storage.history'),
      detail: historyCount === undefined ? undefined : t('storage.historyItems', { count: historyCount }),
      empty: !historyCount,
      label: t('storage.clear'),
    },
  ];

  const confirm = async () => {
    if (!asking) return;
    await clears[asking].run();
    toast(t('storage.cleared'));
    refresh();
  };

  return (
    <Screen title={t('storage.title')} className={styles.page} testId="storage-page">
      <section className={panel.panel} aria-labelledby="storage-usage">
        <h2 id="storage-usage" className={styles.heading}>
          {t('storage.kinds')}
        </h2>
        <UsageBar estimate={usage?.estimate} loading={!usage} />
        <ul className={styles.kinds}>
          {kinds.map((row) => (
            <KindRow key={row.kind} {...row} onClear={setAsking} />
          ))}
        </ul>
      </section>

      <section className={styles.downloads} aria-labelledby="storage-downloads">
        <h2 id="storage-downloads" className={styles.heading}>
          {t('storage.downloads')}
        </h2>
        <DownloadList downloads={downloads} />
      </section>

      {asking ? (
        <ConfirmDialog
          heading={clears[asking].heading}
          message={clears[asking].message}
          confirmLabel={asking === 'downloads' ? t('storage.clearAll') : t('storage.clear')}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
          testId="storage-confirm"
        />
      ) : null}
    </Screen>
  );
}

function UsageBar({ estimate, loading }: { estimate: StorageEstimateInfo | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton className={styles.usageSkeleton} />;
  if (!estimate) return <p className={styles.note}>{t('storage.usageUnknown')}</p>;
  const share = estimate.quota > 0 ? Math.min(100, (estimate.usage / estimate.quota) * 100) : 0;
  return (
    <div className={styles.usage} data-testid="storage-usage" data-usage={estimate.usage}>
      <p className={styles.usageText}>{t('storage.usage', { used: formatBytes(estimate.usage), quota: formatBytes(estimate.quota) })}</p>
      <meter className={styles.meter} min={0} max={100} value={Math.max(share, 1)} aria-label={t('storage.kinds')} />
      <p className={styles.note}>{estimate.persisted ? t('storage.persisted') : t('storage.notPersisted')}</p>
    </div>
  );
}

interface KindRowProps {
  kind: Kind;
  name: string;
  detail: string | undefined;
  empty: boolean;
  label: string;
  onClear: (kind: Kind) => void;
}

function KindRow({ kind, name, detail, empty, label, onClear }: KindRowProps) {
  return (
    <li className={styles.kind} data-testid={`storage-${kind}`}>
      <span className={styles.kindName}>{name}</span>
      <span className={styles.kindDetail}>{detail ?? '…'}</span>
      <button type="button" className={button.small} disabled={empty} onClick={() => onClear(kind)} aria-label={`${label} ${name}`}>
        {label}
      </button>
    </li>
  );
}

function DownloadList({ downloads }: { downloads: DownloadRecord[] | undefined }) {
  const { t } = useTranslation();
  if (!downloads) return <Skeleton className={styles.usageSkeleton} />;
  if (downloads.length === 0) return <EmptyState title={t('storage.noDownloads')} description={t('storage.noDownloadsHint')} />;
  return (
    <ul className={entry.list} data-testid="download-list">
      {downloads.map((record) => (
        <DownloadItem key={record.videoId} record={record} />
      ))}
    </ul>
  );
}

function DownloadItem({ record }: { record: DownloadRecord }) {
  const { t } = useTranslation();
  const height = record.savedHeight ?? record.height;
  const size = formatBytes(record.bytesDone);
  const label = useDownloadLabel(record);
  const error = useDownloadError(record);
  const status = record.state === 'done' ? t('downloads.savedAs', { height, size }) : record.state === 'failed' ? `${label} · ${error}` : `${label} · ${size}`;

  return (
    <li className={styles.item} data-testid="download-item" data-video-id={record.videoId} data-state={record.state}>
      <Link to="/videoDetails" search={{ id: record.videoId }} className={entry.item}>
        <span className={`${entry.coverSlot} ${card.thumb}`}>
          {record.cover ? <MaskedImage base={record.imageBase} path={record.cover} width={1280} height={720} alt="" className={card.image} /> : null}
          <span className={card.duration}>{formatDuration(record.duration)}</span>
        </span>
        <span className={entry.itemBody}>
          <span className={entry.itemTitle}>{record.title}</span>
          <span className={entry.itemMeta} data-testid="download-item-status">
            {status}
          </span>
          {record.state === 'done' ? null : (
            <progress className={styles.progress} max={100} value={downloadPercent(record)} aria-label={t('downloads.progressLabel')} />
          )}
        </span>
      </Link>
      <span className={styles.itemActions}>
        <DownloadActions record={record} small />
      </span>
    </li>
  );
}
