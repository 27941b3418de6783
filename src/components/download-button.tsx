import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import type { VideoDetail } from '../../protocol/api.ts';
import { useTranslation } from '../i18n/index.ts';
import { canDownload, downloadEngine, subscribeDownloadAbility } from '../lib/download-ability.ts';
import { formatBytes } from '../lib/format.ts';
import type { DownloadRecord } from '../lib/local-db.ts';
import { downloadPercent, useDownload } from '../lib/use-downloads.ts';
import { fetchVideoDetail, videoDetailKeys } from '../lib/video-detail.ts';
import { firstUrlOf, useConfig } from '../stores/config-store.ts';
import { DownloadActions, useDownloadError, useDownloadLabel } from './download-controls.tsx';
import styles from './download-button.module.css';
import { Loading, Skeleton } from './ui/skeleton.tsx';
import { SheetDialog } from './ui/sheet-dialog.tsx';

export interface DownloadButtonProps {
  video: Pick<VideoDetail, 'id' | 'title' | 'cover' | 'poster' | 'duration' | 'renditions' | 'thumbnails'>;
  /** The DASH manifest's URL. */
  manifestUrl: string;
  /** The IMAGE base the poster and cover come from. */
  imageBase: string;
  className?: string;
}

/**
 * 下载 on the video page: picks a quality, then shows the download's progress with pause, resume
 * and cancel, and once saved its size with delete. Only where the service worker controls the page:
 * it is what plays a saved video back.
 */
export function DownloadButton({ video, manifestUrl, imageBase, className }: DownloadButtonProps) {
  if (video.renditions.length === 0) return null;
  return (
    <DownloadTrigger videoId={video.id} className={className ?? ''} testId="download-button">
      <QualityChoice video={video} manifestUrl={manifestUrl} imageBase={imageBase} />
    </DownloadTrigger>
  );
}

/**
 * 下载 in a list (the member's favourites): a small button beside the row; the sheet reads the
 * video's detail (its qualities and stream) when it opens, through the worker, which keeps its
 * offline copy for the page that plays the saved video.
 */
export function ListDownloadButton({ videoId, title, className }: { videoId: number; title: string; className?: string }) {
  return (
    <DownloadTrigger videoId={videoId} className={`${styles.listButton} ${className ?? ''}`} testId="list-download-button" title={title}>
      <ListQualityChoice videoId={videoId} />
    </DownloadTrigger>
  );
}

/** The button both share: its state label, and a sheet with the download's state or, before one, `children` (the quality choice). */
function DownloadTrigger({
  videoId,
  className,
  testId,
  title,
  children,
}: {
  videoId: number;
  className: string;
  testId: string;
  title?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const able = useSyncExternalStore(subscribeDownloadAbility, canDownload, () => false);
  const record = useDownload(videoId, able);
  const [open, setOpen] = useState(false);
  const label = useDownloadLabel(record);
  if (!able) return null;
  return (
    <>
      <button
        type="button"
        className={`${className} ${record?.state === 'done' ? styles.saved : ''}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={title ? `${label} ${title}` : undefined}
        data-testid={testId}
        data-state={record?.state ?? 'none'}
      >
        <span aria-hidden="true">{record?.state === 'done' ? '✓' : '↓'}</span> {label}
      </button>
      {open ? (
        <SheetDialog heading={t('downloads.heading')} onClose={() => setOpen(false)} testId="download-sheet">
          {record ? <DownloadStatus record={record} onRemoved={() => setOpen(false)} /> : children}
        </SheetDialog>
      ) : null}
    </>
  );
}

function ListQualityChoice({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const domain = useConfig()?.domain;
  const streamBase = firstUrlOf(domain, 'VIDEO');
  const imageBase = firstUrlOf(domain, 'IMAGE');
  const detail = useQuery({ queryKey: videoDetailKeys.byId(videoId), queryFn: () => fetchVideoDetail(videoId) });
  if (detail.isError) {
    return (
      <div className={styles.body}>
        <p className={styles.hint} role="alert">
          {t('downloads.detailFailed')}
        </p>
        <button type="button" className={styles.option} onClick={() => void detail.refetch()}>
          {t('downloads.retry')}
        </button>
      </div>
    );
  }
  if (!detail.data || !streamBase || !imageBase) {
    return (
      <Loading className={styles.body}>
        <Skeleton className={styles.optionSkeleton} />
      </Loading>
    );
  }
  if (detail.data.renditions.length === 0) return <p className={`${styles.body} ${styles.hint}`}>{t('downloads.unavailable')}</p>;
  return <QualityChoice video={detail.data} manifestUrl={`${streamBase}/${detail.data.stream}`} imageBase={imageBase} />;
}

function imageUrl(base: string, path: string, width?: number): string {
  return `${base}/${path.replace(/^\/+/, '')}${width ? `?w=${width}` : ''}`;
}

function QualityChoice({ video, manifestUrl, imageBase }: Omit<DownloadButtonProps, 'className'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const heights = [...video.renditions].sort((a, b) => a.height - b.height);
  const images = [
    imageUrl(imageBase, video.poster || video.cover),
    ...(video.cover && video.cover !== video.poster ? [imageUrl(imageBase, video.cover)] : []),
    ...(video.thumbnails.url ? [imageUrl(imageBase, video.thumbnails.url)] : []),
  ];

  function choose(height: number) {
    void downloadEngine().then((engine) =>
      engine.startDownload({
        videoId: video.id,
        title: video.title,
        cover: video.cover,
        imageBase,
        duration: video.duration,
        height,
        manifestUrl,
        images,
      }),
    );
    // The page plays offline from the worker's copy of the video's detail: a page opened before the
    // worker took control fetched it without one, so it is fetched again, through the worker.
    void queryClient.refetchQueries({ queryKey: videoDetailKeys.byId(video.id) });
  }

  return (
    <div className={styles.body}>
      <p className={styles.hint}>{t('downloads.choose')}</p>
      <ul className={styles.options}>
        {heights.map((rendition) => (
          <li key={rendition.height}>
            <button type="button" className={styles.option} onClick={() => choose(rendition.height)} data-testid={`download-${rendition.height}`}>
              <span className={styles.optionName}>{t('downloads.option', { height: rendition.height })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DownloadStatus({ record, onRemoved }: { record: DownloadRecord; onRemoved: () => void }) {
  const { t } = useTranslation();
  const percent = downloadPercent(record);
  const height = record.savedHeight ?? record.height;
  const size = formatBytes(record.bytesDone);
  const error = useDownloadError(record);

  return (
    <div className={styles.body} data-testid="download-status" data-state={record.state}>
      {record.state === 'done' ? (
        <p className={styles.summary}>{t('downloads.savedAs', { height, size })}</p>
      ) : (
        <>
          <p className={styles.summary}>{t('downloads.progress', { height, size })}</p>
          <progress className={styles.progress} max={100} value={percent} aria-label={t('downloads.progressLabel')} />
          <p className={styles.hint} role="status">
            {error || `${percent}%`}
          </p>
        </>
      )}
      <div className={styles.buttons}>
        <DownloadActions record={record} onRemoved={onRemoved} />
      </div>
      <Link to="/storage" className={styles.manage}>
        {t('downloads.manage')}
      </Link>
    </div>
  );
}
