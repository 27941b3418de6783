import { useEffect, useId, useRef, useState } from 'react';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { QrCode } from '../../../components/qr-code.tsx';
import { copyField } from '../../../lib/clipboard.ts';
import styles from './share-dialog.module.css';
import copyable from '../../../components/ui/copy-field.module.css';
import { useTranslation } from '../../../i18n/index.ts';
import hidden from '../../../components/ui/visually-hidden.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The share dialog (no Web Share API): a modal <dialog>, so the browser keeps focus inside and the
 * page behind is inert; Esc and the backdrop close it. A bottom sheet on phones, centred on desktop.
 */
export default function ShareDialog({ title, url, onClose }: { title: string; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => copyRef.current?.focus(), []);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    const ok = await copyField(inputRef.current);
    setCopy(ok ? 'copied' : 'failed');
  };

  return (
    <SheetDialog heading={t('share.heading')} onClose={onClose} testId="share-dialog" headingId={headingId}>
      <p className={styles.title}>{title}</p>
      <figure className={styles.qr}>
        <QrCode value={url} label={t('share.qr', { title })} className={styles.qrImage} />
        <figcaption className={styles.qrCaption}>{t('share.scan')}</figcaption>
      </figure>
      <div className={styles.linkRow}>
        <label className={hidden.visuallyHidden} htmlFor={`${headingId}-link`}>
          {t('share.link')}
        </label>
        <input
          ref={inputRef}
          id={`${headingId}-link`}
          className={`${copyable.field} ${styles.link}`}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-link"
        />
        <button ref={copyRef} type="button" className={styles.copy} onClick={() => void copyLink()} data-testid="share-copy">
          {copy === 'copied' ? t('share.copied') : t('share.copy')}
        </button>
      </div>
      <p className={copy === 'failed' ? styles.statusFailed : styles.status} role="status" data-testid="share-status">
        {copy === 'copied' ? t('share.copiedStatus') : copy === 'failed' ? t('share.copyFailed') : ''}
      </p>
    </SheetDialog>
  );
}
