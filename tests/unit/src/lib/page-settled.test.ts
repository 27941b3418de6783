import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterFirstPageSettles, LATEST_MS, onQueryUpdates, QUIET_MS, type SettleHost } from '../../../../src/lib/page-settled.ts';

vi.mock('../../../../src/lib/query-client.ts', () => ({ queryClient: {} }));

/** A page whose load, fetches and idle moments the test drives. */
function page(loaded = false) {
  let fetching = 0;
  const load = new Set<() => void>();
  const queries = new Set<() => void>();
  const idle = new Set<() => void>();
  const host: SettleHost = {
    loaded: () => loaded,
    onLoad: (listener) => (load.add(listener), () => load.delete(listener)),
    fetching: () => fetching,
    onQueries: (listener) => (queries.add(listener), () => queries.delete(listener)),
    onIdle: (listener) => (idle.add(listener), () => idle.delete(listener)),
  };
  return {
    host,
    load() {
      loaded = true;
      for (const listener of [...load]) listener();
    },
    fetch(count: number) {
      fetching = count;
      for (const listener of [...queries]) listener();
    },
    idle() {
      for (const listener of [...idle]) listener();
    },
    listeners: () => load.size + queries.size + idle.size,
  };
}

describe('afterFirstPageSettles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the load, a quiet second without fetches and an idle moment', () => {
    const p = page();
    const work = vi.fn();
    afterFirstPageSettles(work, p.host);
    vi.advanceTimersByTime(5 * QUIET_MS);
    p.idle();
    expect(work).not.toHaveBeenCalled();

    p.load();
    p.fetch(2);
    vi.advanceTimersByTime(3 * QUIET_MS);
    p.idle();
    expect(work).not.toHaveBeenCalled();

    p.fetch(0);
    vi.advanceTimersByTime(QUIET_MS - 1);
    p.idle();
    expect(work).not.toHaveBeenCalled();
    // A fetch that starts and ends within the quiet second starts the second again.
    p.fetch(1);
    p.fetch(0);
    vi.advanceTimersByTime(QUIET_MS - 1);
    p.idle();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    p.idle();
    expect(work).toHaveBeenCalledTimes(1);
    expect(p.listeners()).toBe(0);
    p.fetch(0);
    vi.advanceTimersByTime(LATEST_MS);
    p.idle();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest ten seconds after load on a page that never stops fetching', () => {
    const p = page(true);
    const work = vi.fn();
    afterFirstPageSettles(work, p.host);
    p.fetch(1);
    vi.advanceTimersByTime(LATEST_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    expect(p.listeners()).toBe(0);
  });

  it('runs nothing once cancelled and lets go of every listener', () => {
    const p = page();
    const work = vi.fn();
    const cancel = afterFirstPageSettles(work, p.host);
    p.load();
    vi.advanceTimersByTime(QUIET_MS);
    cancel();
    p.idle();
    vi.advanceTimersByTime(LATEST_MS);
    expect(work).not.toHaveBeenCalled();
    expect(p.listeners()).toBe(0);
  });
});

describe('onQueryUpdates', () => {
  it("tells of a query's fetch starting and ending, not of observers coming and going", async () => {
    const client = new QueryClient();
    const listener = vi.fn();
    const stop = onQueryUpdates(client.getQueryCache(), listener);
    let answer!: (value: number) => void;
    const observers = Array.from({ length: 5 }, () => new QueryObserver(client, { queryKey: ['n'], queryFn: () => new Promise<number>((r) => (answer = r)) }));
    const unsubscribe = observers.map((o) => o.subscribe(() => {}));
    expect(client.isFetching()).toBe(1);
    const whileFetching = listener.mock.calls.length;
    expect(whileFetching).toBeGreaterThan(0);
    expect(whileFetching).toBeLessThanOrEqual(2);
    answer(1);
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(listener.mock.calls.length).toBeGreaterThan(whileFetching);
    const afterFetch = listener.mock.calls.length;
    for (const u of unsubscribe) u();
    expect(listener).toHaveBeenCalledTimes(afterFetch);
    stop();
    client.clear();
  });
});
