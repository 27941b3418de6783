import { ApiError } from '../../lib/api-client.ts';
import button from './button.module.css';
import { EmptyState } from './empty-state.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** 加载失败 (or the caller's own title) with the server's tip when there is one, and a retry button. */
export function LoadFailed({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={title ?? t('common.loadFailed')}
      description={error instanceof ApiError ? error.tip : t('errors.default')}
      action={
        <button type="button" className={button.primary} onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
