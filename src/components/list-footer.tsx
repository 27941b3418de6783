import { useEffect, useRef } from 'react';
import styles from './list-footer.module.css';
import { useTranslation } from '../i18n/index.ts';
import button from './ui/button.module.css';

/** The parts of an infinite query the footer reads. */
export interface ListFooterProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Start the next page this far before the footer scrolls into view, so scrolling rarely waits. */
const PREFETCH_MARGIN = '600px 0px';

/**
 * Foot of an infinite list: loads the next page when it nears the viewport, and offers a button
 * for keyboards and for retrying a failed page; 没有更多了 once the server has no further page.
 */
export function ListFooter({ query }: { query: ListFooterProps }) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage]);

  return (
    <div ref={sentinel} className={styles.footer}>
      {hasNextPage ? (
        <button
          type="button"
          className={`${button.pill} ${styles.more}`}
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          data-testid="load-more"
        >
          {isFetchingNextPage ? t('common.loadingMore') : isFetchNextPageError ? t('common.loadMoreFailed') : t('common.loadMore')}
        </button>
      ) : (
        <p className={styles.end} data-testid="list-end">
          {t('common.noMore')}
        </p>
      )}
    </div>
  );
}

/** 加载更多 as a button only, for a short list inside a page: nothing loads until asked. */
export function MoreButton({ query, label }: { query: ListFooterProps; label: string }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <button type="button" className={button.block} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {query.isFetchingNextPage ? t('common.loadingMore') : label}
    </button>
  );
}
