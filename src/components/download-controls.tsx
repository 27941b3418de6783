import { useTranslation } from '../i18n/index.ts';
import { downloadEngine } from '../lib/download-ability.ts';
import type { DownloadErrorKind } from '../lib/downloads.ts';
import type { DownloadRecord } from '../lib/local-db.ts';
import { downloadPercent } from '../lib/use-downloads.ts';
import button from './ui/button.module.css';

/** What a download is doing, in a few words: 下载中 42%, 等待网络 42%, 已暂停 42%, 下载失败, 已下载. */
export function useDownloadLabel(record: DownloadRecord | null | undefined): string {
  const { t } = useTranslation();
  if (!record) return t('downloads.download');
  const percent = downloadPercent(record);
  switch (record.state) {
    case 'done':
      return t('downloads.done');
    case 'paused':
      return t('downloads.paused', { percent });
    case 'failed':
      return t('downloads.failed');
    case 'downloading':
      return record.error === 'offline' ? t('downloads.waiting', { percent }) : t('downloads.downloading', { percent });
  }
}

/** Why a download stopped, as the member is told; empty when it has not. */
export function useDownloadError(record: DownloadRecord): string {
  const { t } = useTranslation();
  return record.error ? t(`downloads.errors.${record.error as DownloadErrorKind}`) : '';
}

export interface DownloadActionsProps {
  record: DownloadRecord;
  /** Small buttons in a list; the sheet's are full size, resume in the accent and delete in the danger colour. */
  small?: boolean;
  onRemoved?: () => void;
}

/** 暂停 / 继续 or 重试 / 取消下载 or 删除下载, as the download's state allows (the sheet and /storage). */
export function DownloadActions({ record, small = false, onRemoved }: DownloadActionsProps) {
  const { t } = useTranslation();
  const removeLabel = record.state === 'done' ? t('downloads.remove') : t('downloads.cancel');
  const style = (kind: 'plain' | 'go' | 'stop') =>
    small ? button.small : kind === 'go' ? button.primary : kind === 'stop' && record.state === 'done' ? button.danger : button.button;
  return (
    <>
      {record.state === 'downloading' ? (
        <button type="button" className={style('plain')} onClick={() => void downloadEngine().then((engine) => engine.pauseDownload(record.videoId))}>
          {t('downloads.pause')}
        </button>
      ) : null}
      {record.state === 'paused' || record.state === 'failed' ? (
        <button type="button" className={style('go')} onClick={() => void downloadEngine().then((engine) => engine.resumeDownload(record.videoId))}>
          {record.state === 'failed' ? t('downloads.retry') : t('downloads.resume')}
        </button>
      ) : null}
      <button
        type="button"
        className={style('stop')}
        onClick={() => void downloadEngine().then((engine) => engine.removeDownload(record.videoId).then(onRemoved))}
        aria-label={small ? `${removeLabel} ${record.title}` : undefined}
      >
        {removeLabel}
      </button>
    </>
  );
}
