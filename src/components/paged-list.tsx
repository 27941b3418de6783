import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { Page } from '../../protocol/api.ts';
import { uniqueItems } from '../lib/paging.ts';
import { ListFooter, MoreButton } from './list-footer.tsx';
import { LoadFailed } from './ui/load-failed.tsx';
import hidden from './ui/visually-hidden.module.css';

export interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** Names the list for assistive technology. */
  label: string;
  /** The label is also the list's heading (an h2 read by assistive technology, not drawn): for a list right under the page's h1 whose items have h3s. */
  heading?: boolean;
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
export function PagedList<T extends { id: number }>({ query, label, heading = false, loading, failedTitle, empty, moreLabel, children }: PagedListProps<T>) {
  const headingId = useId();
  if (query.isPending) return loading;
  if (query.isError) return <LoadFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const items = uniqueItems(query.data.pages);
  if (items.length === 0) return empty;
  return (
    <section aria-label={heading ? undefined : label} aria-labelledby={heading ? headingId : undefined}>
      {heading ? (
        <h2 id={headingId} className={hidden.visuallyHidden}>
          {label}
        </h2>
      ) : null}
      {children(items)}
      {moreLabel === undefined ? <ListFooter query={query} /> : <MoreButton query={query} label={moreLabel} />}
    </section>
  );
}
