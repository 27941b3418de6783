/**
 * Background Sync for the page's outbox (src/lib/outbox.ts, DECISIONS "The outbox"): the worker
 * never sends a changing call itself; on a `sync` event for OUTBOX_SYNC_TAG it asks every open page
 * to send its outbox, and the event lasts until one says it sent everything, so the browser tries
 * again later when a page could not (still offline). With no page open, the next visit sends it.
 */
export const OUTBOX_SYNC_TAG = 'md-outbox';

/** Message to a page: send your outbox now, answer `{ done: boolean }` on the port. */
export const OUTBOX_FLUSH = 'md:outbox-flush';

/** How long the worker waits for a page's answer. */
export const OUTBOX_FLUSH_WAIT_MS = 20_000;

export interface WindowClientLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** The parts of ServiceWorkerGlobalScope used here, typed locally for Node-side tests. */
export interface SyncScope {
  addEventListener(type: 'sync', listener: (event: { readonly tag: string; waitUntil(work: Promise<unknown>): void }) => void): void;
  clients: { matchAll(options: { type: 'window' }): Promise<readonly WindowClientLike[]> };
}

function askPage(client: WindowClientLike): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), OUTBOX_FLUSH_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ done?: unknown }>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data?.done === true);
    };
    client.postMessage({ type: OUTBOX_FLUSH }, [channel.port2]);
  });
}

/** Asks the open pages to send their outboxes; rejects when none could, so the browser retries the sync. */
export async function wakeOutbox(scope: Pick<SyncScope, 'clients'>): Promise<void> {
  const pages = await scope.clients.matchAll({ type: 'window' });
  if (pages.length === 0) return;
  const answers = await Promise.all(pages.map(askPage));
  if (!answers.some(Boolean)) throw new Error('outbox not sent yet');
}

export function listenForOutboxSync(scope: SyncScope): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(wakeOutbox(scope));
  });
}
