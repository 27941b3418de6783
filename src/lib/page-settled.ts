import type { QueryCache } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/** How long the page must stay without a fetch before it counts as settled. */
export const QUIET_MS = 1000;
/** However busy the page stays, the work waits no longer than this after the load event. */
export const LATEST_MS = 10_000;
/** How long an idle moment is waited for once the page is quiet. */
const IDLE_TIMEOUT_MS = 2000;

/** What afterFirstPageSettles watches: the browser's and the query cache's, replaceable in tests. */
export interface SettleHost {
  loaded(): boolean;
  onLoad(listener: () => void): () => void;
  fetching(): number;
  onQueries(listener: () => void): () => void;
  onIdle(listener: () => void, timeout: number): () => void;
}

/**
 * Calls `listener` when a query's own state changes, the only events that start or end a fetch. The
 * observers' events (every card's hooks mounting and drawing again) are most of the cache's events
 * on a list page, and each would have counted the fetching queries over the whole cache.
 */
export function onQueryUpdates(cache: QueryCache, listener: () => void): () => void {
  return cache.subscribe((event) => {
    if (event.type === 'updated') listener();
  });
}

const browserHost: SettleHost = {
  loaded: () => document.readyState === 'complete',
  onLoad(listener) {
    window.addEventListener('load', listener, { once: true });
    return () => window.removeEventListener('load', listener);
  },
  fetching: () => queryClient.isFetching(),
  onQueries: (listener) => onQueryUpdates(queryClient.getQueryCache(), listener),
  onIdle(listener, timeout) {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(listener, 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(listener, { timeout });
    return () => cancelIdleCallback(handle);
  },
};

/**
 * Runs `work` once the first page has settled: the document has loaded, no query has fetched for a
 * second, and the browser has an idle moment; or ten seconds after load, whichever comes first. For
 * work nobody waits for, such as installing the service worker, whose precache would otherwise
 * take the cores while the first page renders. Returns a function that cancels it.
 */
export function afterFirstPageSettles(work: () => void, host: SettleHost = browserHost): () => void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle = () => {};
  let stopWatching = () => {};
  const stopLoad = host.loaded() ? () => {} : host.onLoad(() => watch());
  const cleanup = () => {
    done = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    cancelIdle();
    stopWatching();
    stopLoad();
  };
  const run = () => {
    if (done) return;
    cleanup();
    work();
  };
  // Every change of the query cache starts the quiet second again; a fetch under way stops it.
  const restartQuiet = () => {
    clearTimeout(quiet);
    cancelIdle();
    cancelIdle = () => {};
    if (host.fetching() === 0) quiet = setTimeout(() => (cancelIdle = host.onIdle(run, IDLE_TIMEOUT_MS)), QUIET_MS);
  };
  function watch() {
    if (done) return;
    latest = setTimeout(run, LATEST_MS);
    stopWatching = host.onQueries(restartQuiet);
    restartQuiet();
  }
  if (host.loaded()) watch();
  return cleanup;
}
