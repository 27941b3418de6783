import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../protocol/api.ts';
import { uniqueItems } from '../lib/paging.ts';
import { ListFooter, MoreButton } from './list-footer.tsx';
import { LoadFailed } from './ui/load-failed.tsx';

export interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** Names the list for assistive technology. */
  label: string;
  /** Shown while the first page loads. */
  loading: ReactNode;
  /** The failure's title when the list says more than 加载失败. */
  failedTitle?: string;
  /** Shown when the list has no items at all. */
  empty: ReactNode;
  /** A 加载更多 button with this label instead of loading on scroll (short lists inside a page). */
  moreLabel?: string;
  /** The loaded items, each once even if it moved between pages while scrolling. */
  children: (items: T[]) => ReactNode;
}

/** An infinite list with its states: the first load, a failure with retry, empty, and the footer that loads on. */
export function PagedList<T extends { id: number }>({ query, label, loading, failedTitle, empty, moreLabel, children }: PagedListProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <LoadFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const items = uniqueItems(query.data.pages);
  if (items.length === 0) return empty;
  return (
    <section aria-label={label}>
      {children(items)}
      {moreLabel === undefined ? <ListFooter query={query} /> : <MoreButton query={query} label={moreLabel} />}
    </section>
  );
}
