import { onlineManager } from '@tanstack/react-query';
import { CONTENT_API, type CollectState, type CommentItem, type CommentVoteState, type MyPost } from '../../protocol/content-api.ts';
import { MEMBER_API, type CheckinResult } from '../../protocol/member-api.ts';
import { SUPPORT_API, type FeedbackAddBody, type FeedbackReceipt } from '../../protocol/support-api.ts';
import { OUTBOX_FLUSH, OUTBOX_SYNC_TAG } from '../../sw/outbox-wake.ts';
import { i18n } from '../i18n/index.ts';
import { appStore } from '../stores/app-store.ts';
import { ApiError, apiPost } from './api-client.ts';
import { NO_ENVELOPE_CODE } from './api-outcome.ts';
import { getLocalDb, type OutboxRecord } from './local-db.ts';
import { queryClient } from './query-client.ts';
import { toast } from './toast.ts';

/**
 * The outbox (issue 15, DECISIONS "The outbox"): an action made offline (a favourite, a follow, a
 * comment, a vote on one, a check-in, a post, a feedback; the last one guests may make too) is kept in Dexie (`md_local.outbox`) with its `requestId` and sent in order
 * when the connection returns: at start, on `online`, and when the service worker's Background Sync
 * wakes the page (sw/outbox-wake.ts). Each is signed when sent (the service worker or the crypto
 * worker signs the call then), and the server answers a repeat of a `requestId` with its first
 * answer, so an action sent twice (a lost answer, two tabs) counts once. One Web Lock keeps two
 * tabs from sending at the same time. A refusal is kept with the server's reason and shown.
 */

/** What each kind of action sends (its requestId added when it is made) and what the server answers. */
interface OutboxKinds {
  favourite: { body: { id: number; contentType: 2 }; answer: CollectState };
  unfavourite: { body: { id: number; contentType: 2 }; answer: CollectState };
  follow: { body: { id: number; contentType: 8 }; answer: CollectState };
  unfollow: { body: { id: number; contentType: 8 }; answer: CollectState };
  comment: { body: { contentType: 2 | 3 | 5; id: number; content: string; parentId?: number }; answer: CommentItem };
  vote: { body: { id: number; vote: 1 | -1 | 0 }; answer: CommentVoteState };
  checkin: { body: Record<string, never>; answer: CheckinResult };
  post: { body: { title: string; content: string; images: string[]; tagIds: number[]; price: number }; answer: MyPost };
  feedback: { body: FeedbackAddBody; answer: FeedbackReceipt };
}

export type OutboxKind = keyof OutboxKinds;

/** Where posts and feedback kept offline are listed as pending (the publish page and 我的帖子; the feedback form). */
export const OUTBOX_TARGET = { posts: 'posts', feedback: 'feedback' } as const;
type Sent<K extends OutboxKind> = OutboxKinds[K]['body'] & { requestId: string };

const QUIET = { quiet: true } as const;

/** One call per kind, each to its own path (the page's calls are checked against the API's schema, tests/server/typed-client.test.ts). */
const SENDERS: { [K in OutboxKind]: (body: Sent<K>) => Promise<OutboxKinds[K]['answer']> } = {
  favourite: (body) => apiPost<CollectState>(CONTENT_API.collectAdd, body, QUIET),
  unfavourite: (body) => apiPost<CollectState>(CONTENT_API.collectDel, body, QUIET),
  follow: (body) => apiPost<CollectState>(CONTENT_API.collectAdd, body, QUIET),
  unfollow: (body) => apiPost<CollectState>(CONTENT_API.collectDel, body, QUIET),
  comment: (body) => apiPost<CommentItem>(CONTENT_API.commentAdd, body, QUIET),
  vote: (body) => apiPost<CommentVoteState>(CONTENT_API.commentVote, body, QUIET),
  checkin: (body) => apiPost<CheckinResult>(MEMBER_API.checkinClick, body, QUIET),
  post: (body) => apiPost<MyPost>(CONTENT_API.postPublish, body, QUIET),
  feedback: (body) => apiPost<FeedbackReceipt>(SUPPORT_API.feedbackAdd, body, QUIET),
};

/** A mark in localStorage while this device has something in the outbox: start-up opens Dexie only then. */
const KEPT_MARK = 'md-outbox-kept';
const markKept = (kept: boolean) => {
  try {
    if (kept) localStorage.setItem(KEPT_MARK, '1');
    else localStorage.removeItem(KEPT_MARK);
  } catch {
    // Storage refused: the mark is an optimisation; the outbox itself is in Dexie.
  }
};
const hasKept = () => {
  try {
    return localStorage.getItem(KEPT_MARK) !== null;
  } catch {
    return true;
  }
};

function sendAs<K extends OutboxKind>(kind: K, body: Sent<K>): Promise<OutboxKinds[K]['answer']> {
  return SENDERS[kind](body);
}

export interface OutboxAction<K extends OutboxKind = OutboxKind> {
  kind: K;
  body: OutboxKinds[K]['body'];
  /** What it is about, where it shows as pending: `video:1001`, `comments:2:1001`, `checkin`. */
  target: string;
  /** The caller's own requestId (a post draft's, a form attempt's), so a retry of the same attempt counts once; else a new one. */
  requestId?: string;
}

export type SendOutcome<T> = { sent: true; data: T } | { sent: false };

/** True for a call that never reached the server (offline, no answer): kept, not refused. */
export function isUnreached(error: unknown): boolean {
  return error instanceof ApiError && !error.canceled && error.code === NO_ENVELOPE_CODE && error.status === 0;
}

/**
 * Sends an action now, or keeps it in the outbox when the device is offline or the call cannot
 * reach the server. A refusal by the server is thrown as the ApiError it is, its toast shown unless
 * `quiet` (a form that shows it beside its fields).
 */
export async function sendOrKeep<K extends OutboxKind>(
  action: OutboxAction<K>,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<SendOutcome<OutboxKinds[K]['answer']>> {
  const requestId = action.requestId ?? crypto.randomUUID();
  const body = { ...action.body, requestId } as Sent<K>;
  if (onlineManager.isOnline()) {
    try {
      return { sent: true, data: await sendAs(action.kind, body) };
    } catch (error) {
      if (!isUnreached(error)) {
        if (error instanceof ApiError && !error.canceled && !quiet) toast(error.tip);
        throw error;
      }
    }
  }
  await keep(action.kind, action.target, body, requestId);
  return { sent: false };
}

async function keep(kind: OutboxKind, target: string, body: Record<string, unknown>, requestId: string): Promise<void> {
  const owner = appStore.userInfo?.id ?? 0;
  const db = await getLocalDb();
  markKept(true);
  await db.outbox.add({ owner, kind, body, target, requestId, state: 'pending', createdAt: Date.now() });
  toast(i18n.t('outbox.kept'));
  void askForSync();
}

/** Background Sync where the browser has it: the worker wakes the page when the connection returns. */
async function askForSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync: the `online` event and the next visit send it.
  }
}

/** The caller's actions still to send (or refused), in order. */
export async function outboxOf(owner: number): Promise<OutboxRecord[]> {
  const db = await getLocalDb();
  return db.outbox.where('owner').equals(owner).sortBy('seq');
}

let flushing: Promise<boolean> | null = null;

/**
 * Sends the signed-in caller's outbox (a guest's feedback included) in order. Resolves true when nothing is left to send (refused
 * ones stay, with their reason), false when the connection failed again.
 */
export function flushOutbox(): Promise<boolean> {
  flushing ??= lockAndSend().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function lockAndSend(): Promise<boolean> {
  if (!navigator.locks) return send();
  return navigator.locks.request('md-outbox', () => send());
}

async function send(): Promise<boolean> {
  const owner = appStore.userInfo?.id ?? 0;
  if (!owner || !hasKept()) return true;
  const db = await getLocalDb();
  let sentAny = false;
  try {
    for (;;) {
      const next = (await outboxOf(owner)).find((record) => record.state === 'pending');
      if (!next) {
        // Nothing of anyone's left (another member's kept actions wait for their sign-in): no mark.
        if ((await db.outbox.count()) === 0) markKept(false);
        return true;
      }
      try {
        await sendAs(next.kind as OutboxKind, next.body as Sent<OutboxKind>);
        await db.outbox.delete(next.seq!);
        sentAny = true;
      } catch (error) {
        if (isUnreached(error) || (error instanceof ApiError && error.canceled)) return false;
        const reason = error instanceof ApiError ? error.tip : i18n.t('errors.default');
        await db.outbox.update(next.seq!, { state: 'refused', error: reason });
        toast(i18n.t('outbox.refused', { what: i18n.t(`outbox.kinds.${next.kind as OutboxKind}`), reason }));
      }
    }
  } finally {
    // What the screens show comes from the server again, now that it has the actions.
    if (sentAny) void queryClient.invalidateQueries();
  }
}

/** Drops a refused action the member has read about. */
export async function dismissRefused(seq: number): Promise<void> {
  const db = await getLocalDb();
  await db.transaction('rw', db.outbox, async () => {
    const record = await db.outbox.get(seq);
    if (record?.state === 'refused') await db.outbox.delete(seq);
  });
  if ((await db.outbox.count()) === 0) markKept(false);
}

/** Sign-out: the member's actions not yet sent go with their session (DECISIONS "Logout"). */
export async function clearOutbox(owner: number): Promise<void> {
  const db = await getLocalDb();
  await db.outbox.where('owner').equals(owner).delete();
  if ((await db.outbox.count()) === 0) markKept(false);
}

/** After a send that could not reach the server while the device says it is online: the waits before trying again. */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/**
 * Sends the outbox at start, whenever the connection returns, and when the service worker asks; a
 * send that fails while the device is online (the connection is not up yet, the server restarts)
 * is tried again after a growing wait, so nothing waits for the next event to go.
 */
export function startOutbox(): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  const flush = () => {
    clearTimeout(retry);
    void flushOutbox()
      .catch(() => false)
      .then((done) => {
        if (done || !onlineManager.isOnline()) {
          attempt = 0;
          return;
        }
        retry = setTimeout(flush, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      });
  };
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) {
      attempt = 0;
      flush();
    }
  });
  const onMessage = (event: MessageEvent<{ type?: unknown }>) => {
    if (event.data?.type !== OUTBOX_FLUSH) return;
    const port = event.ports[0];
    void flushOutbox().then(
      (done) => port?.postMessage({ done }),
      () => port?.postMessage({ done: false }),
    );
  };
  navigator.serviceWorker?.addEventListener('message', onMessage);
  // What an earlier visit left goes once the first screen is drawn, not in its way.
  const atStart = () => onlineManager.isOnline() && flush();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(atStart, { timeout: 3000 });
  else setTimeout(atStart, 1000);
  return () => {
    clearTimeout(retry);
    unsubscribe();
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
