import { ApiError } from '../../lib/api-client.ts';
import { EmptyState } from './empty-state.tsx';

/** 加载失败 with the server's tip when there is one, and a retry button. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EmptyState
      title="加载失败"
      description={error instanceof ApiError ? error.tip : '请求出错啦~'}
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          重试
        </button>
      }
    />
  );
}
