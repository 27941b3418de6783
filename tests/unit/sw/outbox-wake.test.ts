import { describe, expect, it, vi } from 'vitest';
import { listenForOutboxSync, OUTBOX_FLUSH, OUTBOX_SYNC_TAG, wakeOutbox, type SyncScope, type WindowClientLike } from '../../../sw/outbox-wake.ts';

/** A page that answers the worker's flush request with `done`, and records what it was asked. */
function page(done: boolean): WindowClientLike & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    postMessage(message, transfer) {
      asked.push(message);
      (transfer[0] as MessagePort).postMessage({ done });
    },
  };
}

const scopeWith = (pages: WindowClientLike[]) => ({ clients: { matchAll: async () => pages } });

describe('Background Sync wakes the pages’ outbox', () => {
  it('asks every open page to send, and is done when one sent everything', async () => {
    const [a, b] = [page(false), page(true)];
    await expect(wakeOutbox(scopeWith([a, b]))).resolves.toBeUndefined();
    expect(a.asked).toEqual([{ type: OUTBOX_FLUSH }]);
    expect(b.asked).toEqual([{ type: OUTBOX_FLUSH }]);
  });

  it('fails when no page could send (still offline), so the browser tries the sync again', async () => {
    await expect(wakeOutbox(scopeWith([page(false)]))).rejects.toThrow();
  });

  it('with no page open there is nothing to wake: the next visit sends the outbox', async () => {
    await expect(wakeOutbox(scopeWith([]))).resolves.toBeUndefined();
  });

  it('answers the outbox tag only', async () => {
    const target = new EventTarget();
    const scope = Object.assign(target, scopeWith([page(true)])) as unknown as SyncScope;
    listenForOutboxSync(scope);
    const waits: Promise<unknown>[] = [];
    const fire = (tag: string) => target.dispatchEvent(Object.assign(new Event('sync'), { tag, waitUntil: (p: Promise<unknown>) => waits.push(p) }));
    fire('something-else');
    expect(waits).toHaveLength(0);
    fire(OUTBOX_SYNC_TAG);
    expect(waits).toHaveLength(1);
    await expect(waits[0]).resolves.toBeUndefined();
    vi.restoreAllMocks();
  });
});
