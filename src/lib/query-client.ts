import { QueryClient, onlineManager, type Query } from '@tanstack/react-query';

/**
 * The API client already told the user about a failure; a silent automatic retry would show the
 * same toast again, so retries stay off and the screens offer their own.
 *
 * Offline, a query still asks (networkMode offlineFirst): the service worker answers a screen
 * visited before from its copy (sw/api-offline.ts), and anything else fails visibly. When the
 * connection returns, what is on screen asks again by itself (`trackConnection`), so react-query's
 * own immediate refetch on reconnect is off.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 30_000, networkMode: 'offlineFirst' },
  },
});

/**
 * When, after the connection returns, the failed queries on screen ask again: a moment after the
 * online event (a network often reports itself up a little before it carries anything), then
 * twice more while any still fails.
 */
export const RECONNECT_RETRY_MS = [500, 2000, 5000] as const;

const failed = (query: Query) => query.state.status === 'error';

/**
 * The connection as the browser knows it: react-query's onlineManager starts out online and then
 * only follows the online and offline events, so a page opened offline would never see the
 * connection come back; it starts from navigator.onLine instead. Back online, every query on
 * screen that failed asks again, so an error screen (加载失败, 搜索失败) turns into its page
 * without a press of 重试, and the stale ones are brought up to date.
 */
export function trackConnection(): () => void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = (attempt: number) => {
    timer = setTimeout(() => {
      if (!onlineManager.isOnline()) return;
      const predicate = attempt === 0 ? (query: Query) => failed(query) || query.isStale() : failed;
      void queryClient.refetchQueries({ type: 'active', predicate }, { cancelRefetch: false }).then(() => {
        const next = attempt + 1;
        if (next < RECONNECT_RETRY_MS.length && queryClient.getQueryCache().findAll({ type: 'active', predicate: failed }).length > 0) retry(next);
      });
    }, RECONNECT_RETRY_MS[attempt]);
  };
  const unsubscribe = onlineManager.subscribe((online) => {
    clearTimeout(timer);
    if (online) retry(0);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
