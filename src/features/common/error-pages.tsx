import { useTranslation } from '../../i18n/index.ts';
import { Link } from '@tanstack/react-router';
import button from '../../components/ui/button.module.css';
import layout from '../../components/ui/page.module.css';
import styles from './error-pages.module.css';

export function StatusPage({ status, message }: { status: number; message: string }) {
  const { t } = useTranslation();
  return (
    <main className={`${layout.page} ${styles.status}`}>
      <h1 className={styles.code}>{status}</h1>
      <p className={styles.message}>{message}</p>
      <Link to="/" className={button.primary}>
        {t('app.backHome')}
      </Link>
    </main>
  );
}

export function NotFoundPage({ pathname }: { pathname: string }) {
  return <StatusPage status={404} message={`Page Not Found ${pathname}`} />;
}

/** Framework errors: the status and message of the error when it has them. */
export function ErrorPage({ error }: { error: unknown }) {
  const info = (error ?? {}) as { status?: unknown; message?: unknown };
  const status = typeof info.status === 'number' && info.status > 0 ? info.status : 500;
  const message = typeof info.message === 'string' && info.message ? info.message : 'Internal Server Error';
  return <StatusPage status={status} message={message} />;
}
