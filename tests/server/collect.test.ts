import { beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API, type CollectState } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { BACKENDS, call, suiteServer, newGuest } from './helpers.ts';

describe.each(BACKENDS)('favourites on $name', (backend) => {
  const server = suiteServer({ backend });
  let alice: string;
  let bob: string;
  let videos: VideoItem[];
  beforeAll(async () => {
    alice = (await newGuest(server.app)).token;
    bob = (await newGuest(server.app)).token;
    videos = (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 5 } })).data.list;
  });

  const collect = (token: string, path: string, id: number) => call<CollectState>(server.app, path, { token, body: { id, contentType: 2 } });
  const list = (token: string, page = 1, pageSize = 20) =>
    call<Page<VideoItem>>(server.app, CONTENT_API.collectList, { token, body: { contentType: 2, page, pageSize } });
  const detail = (id: number, token?: string) => call<VideoDetail & { isCollect: boolean }>(server.app, API.videoDetail, { token, body: { id } });

  it('adds once, counts once, and shows in the detail and the list', async () => {
    const video = videos[0]!;
    const before = (await detail(video.id, alice)).data;
    expect(before.isCollect).toBe(false);
    const first = await collect(alice, CONTENT_API.collectAdd, video.id);
    expect(first.data).toEqual({ isCollect: true, collectCount: before.collectCount + 1 });
    const again = await collect(alice, CONTENT_API.collectAdd, video.id);
    expect(again.data).toEqual({ isCollect: true, collectCount: before.collectCount + 1 });
    expect((await detail(video.id, alice)).data.isCollect).toBe(true);
    expect((await detail(video.id)).data.isCollect).toBe(false);
    expect((await list(alice)).data.list.map((v) => v.id)).toEqual([video.id]);
  });

  it('keeps each user to their own favourites', async () => {
    const video = videos[1]!;
    await collect(bob, CONTENT_API.collectAdd, video.id);
    expect((await list(bob)).data.list.map((v) => v.id)).toEqual([video.id]);
    expect((await list(alice)).data.list.map((v) => v.id)).not.toContain(video.id);
    // Alice removing Bob's favourite changes nothing for Bob.
    await collect(alice, CONTENT_API.collectDel, video.id);
    expect((await list(bob)).data.list.map((v) => v.id)).toEqual([video.id]);
    expect((await detail(video.id, bob)).data.isCollect).toBe(true);
  });

  it('removes once, lists newest first, and pages', async () => {
    for (const v of videos.slice(2)) await collect(alice, CONTENT_API.collectAdd, v.id);
    const all = (await list(alice)).data;
    expect(all.list.map((v) => v.id)).toEqual([
      ...videos
        .slice(2)
        .map((v) => v.id)
        .reverse(),
      videos[0]!.id,
    ]);
    const page2 = (await list(alice, 2, 2)).data;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 4, hasMore: false });
    expect(page2.list.map((v) => v.id)).toEqual(all.list.slice(2).map((v) => v.id));
    expect((await list(alice, 9, 2)).data).toMatchObject({ list: [], total: 4, hasMore: false });

    const video = videos[0]!;
    const count = (await detail(video.id)).data.collectCount;
    expect((await detail(video.id, alice)).data.isCollect).toBe(true);
    expect((await collect(alice, CONTENT_API.collectDel, video.id)).data).toEqual({ isCollect: false, collectCount: count - 1 });
    expect((await collect(alice, CONTENT_API.collectDel, video.id)).data).toEqual({ isCollect: false, collectCount: count - 1 });
    expect((await list(alice)).data.total).toBe(3);
    // The detail read before the removal does not outlive it.
    expect((await detail(video.id, alice)).data.isCollect).toBe(false);
    expect((await detail(videos[2]!.id, alice)).data.isCollect).toBe(true);
  });

  it('needs a live token and answers bad input clearly', async () => {
    for (const path of [CONTENT_API.collectAdd, CONTENT_API.collectDel]) {
      expect((await call(server.app, path, { body: { id: videos[0]!.id, contentType: 2 } })).envelope.code).toBe(CODES.LOGIN_INVALID);
      expect((await call(server.app, path, { token: 'nope', body: { id: videos[0]!.id, contentType: 2 } })).envelope.code).toBe(CODES.LOGIN_INVALID);
      expect((await collect(alice, path, 99_999_999)).envelope.code).toBe(CODES.NOT_FOUND);
      for (const body of [{}, { id: 'x', contentType: 2 }, { id: 1, contentType: 99 }, { id: 0, contentType: 2 }]) {
        const { res, envelope } = await call(server.app, path, { token: alice, body });
        expect(res.statusCode).toBe(200);
        expect(envelope.code).toBe(CODES.BAD_REQUEST);
      }
    }
    expect((await call(server.app, CONTENT_API.collectList, { body: { contentType: 2, page: 1, pageSize: 20 } })).envelope.code).toBe(CODES.LOGIN_INVALID);
    expect((await call(server.app, CONTENT_API.collectList, { token: alice, body: { contentType: 2, page: 1, pageSize: 51 } })).envelope.code).toBe(
      CODES.BAD_REQUEST,
    );
  });
});
