import { useTranslation } from '../i18n/index.ts';
import { useGoBack } from '../lib/navigation.ts';
import styles from './page-header.module.css';

/** Title bar of inner pages; back goes to the previous page of the visit, or home from a deep link. */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const back = useGoBack();
  return (
    <div className={styles.header}>
      <button type="button" className={styles.back} aria-label={t('app.back')} onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="m15 5-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
    </div>
  );
}
