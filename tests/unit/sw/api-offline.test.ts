import 'fake-indexeddb/auto';
import './worker-scope.ts';
import { describe, expect, it } from 'vitest';
import { API } from '../../../protocol/api.ts';
import { CONTENT_API } from '../../../protocol/content-api.ts';
import {
  CLEAR_PRIVATE,
  keepsOfflineCopy,
  listenForPrivateDataClear,
  offlineCopies,
  offlineKey,
  OFFLINE_HEADER,
  type MessageScope,
} from '../../../sw/api-offline.ts';
import { proxyApiRequest } from '../../../sw/api-proxy.ts';
import { ExpiringCache } from '../../../sw/expiring-cache.ts';
import { createApiPipeline } from '../../../sw/shared/api-pipeline.ts';
import { FakeCacheStorage, serviceWorkerCaches } from './fake-caches.ts';
import { envelopeResponse, keys, scriptedFetch, sealedResponse } from './fake-server.ts';

const ORIGIN = 'https://md.test';
const failing = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;

function post(path: string, body: string, token = 'tok') {
  return new Request(ORIGIN + path, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
}

describe('offline copies of API answers', () => {
  it('keeps read-only calls only', () => {
    expect(keepsOfflineCopy(CONTENT_API.actressDetail)).toBe(true);
    expect(keepsOfflineCopy(API.videoDetail)).toBe(true);
    for (const path of [API.loginGuest, API.loginOfficial, CONTENT_API.collectAdd, CONTENT_API.collectDel, API.advertiseClick, API.uploadImg]) {
      expect(keepsOfflineCopy(path)).toBe(false);
    }
  });

  it('keys by path, body and caller, without the token in the key', async () => {
    const url = new URL(ORIGIN + CONTENT_API.actressDetail);
    const body = new TextEncoder().encode('{"id":2001}');
    const a = await offlineKey(url, 'secret-token', body);
    expect(a).not.toContain('secret-token');
    expect(await offlineKey(url, 'secret-token', body)).toBe(a);
    expect(await offlineKey(url, 'other-token', body)).not.toBe(a);
    expect(await offlineKey(url, 'secret-token', new TextEncoder().encode('{"id":2002}'))).not.toBe(a);
  });

  it('serves the last good answer when the network is gone, and nothing for calls never answered', async () => {
    const copies = offlineCopies(new ExpiringCache(serviceWorkerCaches(new FakeCacheStorage()), 'md-api', 10));
    const pending: Promise<unknown>[] = [];
    const offline = { copies, waitUntil: (work: Promise<unknown>) => void pending.push(work) };
    const data = { id: 2001, name: '林夏' };
    const online = scriptedFetch([async () => sealedResponse(data)]);
    const first = await proxyApiRequest(
      post(CONTENT_API.actressDetail, '{"id":2001}'),
      createApiPipeline({ keys, fetch: online.fetch }),
      () => undefined,
      offline,
    );
    expect((await first.json()).data).toEqual(data);
    await Promise.all(pending);

    const again = await proxyApiRequest(post(CONTENT_API.actressDetail, '{"id":2001}'), createApiPipeline({ keys, fetch: failing }), () => undefined, offline);
    expect(again.headers.get(OFFLINE_HEADER)).toBe('1');
    expect((await again.json()).data).toEqual(data);

    const otherUser = await proxyApiRequest(
      post(CONTENT_API.actressDetail, '{"id":2001}', 'someone-else'),
      createApiPipeline({ keys, fetch: failing }),
      () => undefined,
      offline,
    );
    expect(otherUser.type).toBe('error');
    const otherId = await proxyApiRequest(
      post(CONTENT_API.actressDetail, '{"id":2002}'),
      createApiPipeline({ keys, fetch: failing }),
      () => undefined,
      offline,
    );
    expect(otherId.type).toBe('error');
  });

  it('never keeps error envelopes or writes', async () => {
    const storage = new FakeCacheStorage();
    const copies = offlineCopies(new ExpiringCache(serviceWorkerCaches(storage), 'md-api', 10));
    const pending: Promise<unknown>[] = [];
    const offline = { copies, waitUntil: (work: Promise<unknown>) => void pending.push(work) };
    const server = scriptedFetch([
      () => envelopeResponse({ code: 1006, tip: '演员不存在', data: null, hash: false }),
      async () => sealedResponse({ isCollect: true, collectCount: 1 }),
    ]);
    await proxyApiRequest(post(CONTENT_API.actressDetail, '{"id":9}'), createApiPipeline({ keys, fetch: server.fetch }), () => undefined, offline);
    await proxyApiRequest(post(CONTENT_API.collectAdd, '{"id":9,"contentType":8}'), createApiPipeline({ keys, fetch: server.fetch }), () => undefined, offline);
    await Promise.all(pending);
    expect((await storage.open('md-api')).entries.size).toBe(0);
  });
});

describe('sign-out clears the offline copies', () => {
  type Listener = Parameters<MessageScope['addEventListener']>[1];

  it('drops an answer whose call began before the clear, whether it arrives after it or during it', async () => {
    const storage = new FakeCacheStorage();
    const copies = offlineCopies(new ExpiringCache(serviceWorkerCaches(storage), 'md-api', 10));
    const before = copies.generation();
    await copies.clear();
    await copies.save(`${ORIGIN}/__offline__/late?k=1`, '{"code":200}', before);
    expect(await copies.load(`${ORIGIN}/__offline__/late?k=1`)).toBeUndefined();
    // A clear racing the write: the write lands, then sees the clear and takes itself back.
    const racing = copies.generation();
    const saving = copies.save(`${ORIGIN}/__offline__/racing?k=2`, '{"code":200}', racing);
    await copies.clear();
    await saving;
    expect(await copies.load(`${ORIGIN}/__offline__/racing?k=2`)).toBeUndefined();
    // A call begun after the clear keeps its answer.
    await copies.save(`${ORIGIN}/__offline__/fresh?k=3`, '{"code":200}', copies.generation());
    expect(await copies.load(`${ORIGIN}/__offline__/fresh?k=3`)).toBeDefined();
  });

  it('forgets every copy when the page says so, answers on the port, and ignores other messages', async () => {
    const storage = new FakeCacheStorage();
    const copies = offlineCopies(new ExpiringCache(serviceWorkerCaches(storage), 'md-api', 10));
    await copies.save(`${ORIGIN}/__offline__/a?k=1`, '{"code":200}');
    await copies.save(`${ORIGIN}/__offline__/b?k=2`, '{"code":200}');
    let listener: Listener | undefined;
    listenForPrivateDataClear({ addEventListener: (_type, l) => (listener = l) }, copies);
    const send = async (data: unknown) => {
      const channel = new MessageChannel();
      const reply = new Promise<unknown>((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data);
      });
      const work: Promise<unknown>[] = [];
      listener!({ data, ports: [channel.port2], waitUntil: (p) => work.push(p) });
      await Promise.all(work);
      return { reply: work.length > 0 ? await reply : undefined, channel };
    };

    await send({ type: 'SKIP_WAITING' });
    expect((await storage.open('md-api')).entries.size).toBe(2);
    const { reply, channel } = await send({ type: CLEAR_PRIVATE });
    expect(reply).toEqual({ cleared: true });
    expect((await storage.open('md-api')).entries.size).toBe(0);
    expect(await copies.load(`${ORIGIN}/__offline__/a?k=1`)).toBeUndefined();
    channel.port1.close();
  });
});
