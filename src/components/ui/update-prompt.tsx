import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { afterFirstPageSettles } from '../../lib/page-settled.ts';
import button from './button.module.css';
import styles from './update-prompt.module.css';

/** Offers the waiting service worker; nothing reloads until the user asks, so no input is lost. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [reload, setReload] = useState<(() => void) | null>(null);

  useEffect(() => {
    // The worker's install fetches and stores the whole precache: on a phone's two or four cores it
    // would compete with the first page's rendering, so it starts once that page has settled.
    let registered = false;
    const cancel = afterFirstPageSettles(() => {
      registered = true;
      void import('../../lib/sw-register.ts').then(({ registerServiceWorker }) => registerServiceWorker((apply) => setReload(() => apply)));
    });
    return () => {
      if (!registered) cancel();
    };
  }, []);

  if (!reload) return null;
  return (
    <div className={styles.prompt} role="alert">
      <span>{t('app.updateAvailable')}</span>
      <button type="button" className={`${button.primary} ${button.small}`} onClick={reload}>
        {t('app.refresh')}
      </button>
      <button type="button" className={styles.close} aria-label={t('app.close')} onClick={() => setReload(null)}>
        ×
      </button>
    </div>
  );
}
