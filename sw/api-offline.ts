import { API } from '../protocol/api.ts';
import { CONTENT_API } from '../protocol/content-api.ts';
import { MEMBER_API } from '../protocol/member-api.ts';
import { SUPPORT_API } from '../protocol/support-api.ts';
import type { ExpiringCache } from './expiring-cache.ts';

/** Header marking an answer served from the offline copy. */
export const OFFLINE_HEADER = 'x-md-offline';

/**
 * Read-only calls whose last good answer is kept so a screen visited once opens offline. Calls
 * that change something (login, favourites, uploads, ad clicks) are never replayed from a copy.
 */
const READ_PATHS = new Set<string>([
  API.config,
  API.userInfo,
  API.videoList,
  API.videoDetail,
  CONTENT_API.homeIndex,
  CONTENT_API.actressList,
  CONTENT_API.actressDetail,
  CONTENT_API.actressWorks,
  CONTENT_API.topicList,
  CONTENT_API.topicDetail,
  CONTENT_API.tagList,
  CONTENT_API.tagDetail,
  CONTENT_API.tagReviews,
  CONTENT_API.reviewList,
  CONTENT_API.reviewDetail,
  CONTENT_API.reviewSelected,
  CONTENT_API.search,
  CONTENT_API.hotsearchList,
  CONTENT_API.collectList,
  CONTENT_API.commentList,
  CONTENT_API.commentHot,
  // The comment rules and quick replies a composer needs before it can be used offline.
  CONTENT_API.commentConfirm,
  CONTENT_API.commentQuickReply,
  // What the forms whose sending the outbox keeps need offline: the publish page's tags, the feedback categories; the FAQ with them.
  CONTENT_API.postTags,
  SUPPORT_API.feedbackCategory,
  SUPPORT_API.questionCate,
  SUPPORT_API.questionList,
  // The member's own screens (/mine, /sysMsg): each copy is keyed by the caller's token, and sign-out drops them all.
  CONTENT_API.postCenter,
  MEMBER_API.checkinPrize,
  MEMBER_API.scoreList,
  MEMBER_API.scoreRank,
  MEMBER_API.userTitle,
  MEMBER_API.messageList,
  MEMBER_API.messageLatest,
  MEMBER_API.messageHasNew,
  MEMBER_API.inviteList,
  MEMBER_API.inviteIncome,
  MEMBER_API.isCert,
  MEMBER_API.workIncome,
  MEMBER_API.lockCodeInfo,
]);

export function keepsOfflineCopy(pathname: string): boolean {
  return READ_PATHS.has(pathname);
}

/**
 * The cache key of one call: path, body and caller. Answers differ per user (favourites, follows),
 * so the token is part of the key, as a SHA-256 digest rather than the token itself.
 */
export async function offlineKey(url: URL, token: string, body: Uint8Array | null): Promise<string> {
  const parts = new TextEncoder().encode(`${token}\n${url.pathname}${url.search}\n`);
  const joined = new Uint8Array(parts.length + (body?.length ?? 0));
  joined.set(parts);
  if (body) joined.set(body, parts.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${url.origin}/__offline__${url.pathname}?k=${hex}`;
}

export interface OfflineCopies {
  /** Which session of copies a call began in; a clear starts the next. */
  generation(): number;
  /**
   * Keeps an answer, unless the copies were cleared since its call began (`since`): an answer that
   * was in flight at sign-out belongs to the session that ended.
   */
  save(key: string, envelopeText: string, since?: number): Promise<void>;
  load(key: string): Promise<Response | undefined>;
  /** Forgets every copy (sign-out: a member's answers must not outlive their session here). */
  clear(): Promise<void>;
}

export function offlineCopies(cache: ExpiringCache): OfflineCopies {
  let generation = 0;
  return {
    generation: () => generation,
    // No x-server-time: an old answer says nothing about the server's clock now.
    async save(key, envelopeText, since = generation) {
      if (since !== generation) return;
      const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', [OFFLINE_HEADER]: '1' });
      await cache.put(key, new Response(envelopeText, { status: 200, headers }));
      // A clear that ran while it was being written has not seen it: it goes too.
      if (since !== generation) await cache.delete(key);
    },
    load: (key) => cache.match(key),
    clear: () => {
      generation++;
      return cache.clear();
    },
  };
}

/** Message the page posts on sign-out; the worker answers on the message's port once the copies are gone. */
export const CLEAR_PRIVATE = 'md:clear-private';

/** The parts of ServiceWorkerGlobalScope used here, typed locally for Node-side tests. */
export interface MessageScope {
  addEventListener(
    type: 'message',
    listener: (event: { readonly data: unknown; readonly ports: readonly MessagePort[]; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
}

/**
 * On sign-out (DECISIONS: logout) the member's private local data goes: the offline copies of API
 * answers, all of them, since their keys do not say whose they were. Watch history stays (Dexie).
 */
export function listenForPrivateDataClear(scope: MessageScope, copies: OfflineCopies): void {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== CLEAR_PRIVATE) return;
    const done = copies.clear().then(
      () => event.ports[0]?.postMessage({ cleared: true }),
      () => event.ports[0]?.postMessage({ cleared: false }),
    );
    event.waitUntil(done);
  });
}
