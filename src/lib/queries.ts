import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { nextPageOf } from './paging.ts';

/** How long an answer counts as fresh: coming back to a kept-alive page within it does not refetch (SPEC §2). */
export const FRESH = {
  /** Lists that move as people post and watch. */
  list: 60_000,
  /** Detail pages and home's sections. */
  page: 5 * 60_000,
  /** Tag catalogues, which operators change rarely. */
  catalogue: 10 * 60_000,
} as const;

export interface ReadSpec<A extends unknown[], T> {
  key: (...args: A) => QueryKey;
  fetch: (...args: A) => Promise<T>;
  staleTime?: number;
  /** False while there is nothing to ask for yet (an empty keyword). */
  enabled?: (...args: A) => boolean;
}

/**
 * One read of the API as a hook: its cache key and its fetch come from the same arguments. The
 * fetch stays a plain apiPost call in the endpoint file, where tests/server/typed-client.test.ts
 * checks its path, body and answer against /openapi.json.
 */
export function readQuery<A extends unknown[], T>({ key, fetch, staleTime = FRESH.page, enabled }: ReadSpec<A, T>) {
  const options = (...args: A) =>
    queryOptions({ queryKey: key(...args), queryFn: () => fetch(...args), staleTime, enabled: enabled ? enabled(...args) : true });
  function useRead(...args: A) {
    return useQuery(options(...args));
  }
  // The same query for a route's loader to start before the page renders (queryClient.prefetchQuery).
  useRead.options = options;
  return useRead;
}

export interface PagedSpec<A extends unknown[], P> extends Omit<ReadSpec<A, P>, 'fetch'> {
  /** One page: the page number first, then the list's own arguments. */
  fetch: (page: number, ...args: A) => Promise<P>;
  /** The page after `last`, or undefined at the end; a plain Page<T> says so itself. */
  next?: (last: P) => number | undefined;
}

/** An infinite list as a hook, starting at page 1: every scrolled list of the app takes this shape. */
export function pagedQuery<A extends unknown[], P>({ key, fetch, next, staleTime = FRESH.list, enabled }: PagedSpec<A, P>) {
  const nextPage = next ?? (nextPageOf as unknown as (last: P) => number | undefined);
  const options = (...args: A) =>
    infiniteQueryOptions({
      queryKey: key(...args),
      queryFn: ({ pageParam }) => fetch(pageParam, ...args),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      staleTime,
      enabled: enabled ? enabled(...args) : true,
    });
  return function usePaged(...args: A) {
    return useInfiniteQuery(options(...args));
  };
}
