import { describe, expect, it } from 'vitest';
import { API, HOME_ID, type AppConfig, type Page, type VideoDetail, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../protocol/content-api.ts';
import { BACKENDS, call, devId, startServer, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('config, videos and ads on $name', (backend) => {
  const server = suiteServer({ backend });

  const list = (body: unknown) => call<Page<VideoItem>>(server.app, API.videoList, { body });

  it('serves the config with same-origin media paths whatever Host and X-Forwarded-* say', async () => {
    const before = Date.now();
    const { res, envelope, data } = await call<AppConfig>(server.app, API.config, {
      headers: { host: 'evil.example:8443', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'attacker.example' },
    });
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    expect(envelope.hash).toBe(true);
    expect(data.domain).toEqual([
      { type: 'IMAGE', urls: ['/media/img'] },
      { type: 'VIDEO', urls: ['/media/video'] },
    ]);
    expect(data.headerMenus[0]).toMatchObject({ id: HOME_ID, name: '推荐', bindType: 1, bindInt: HOME_ID });
    expect(data.headerMenus.map((m) => m.name).slice(1)).toEqual(['城市', '自然', '美食', '旅行', '科技', '运动', '演员', '影评', '圈子']);
    for (const m of data.headerMenus.slice(0, -3)) expect(m).toMatchObject({ bindType: 1, bindInt: m.id });
    expect(data.headerMenus.slice(-3)).toMatchObject([
      { bindType: 4, jumpType: 1, bindStr: '/actressList' },
      { bindType: 4, jumpType: 1, bindStr: '/nav/reviews' },
      { bindType: 4, jumpType: 1, bindStr: '/group' },
    ]);
    expect(new Set(data.advertise.map((a) => a.position))).toEqual(new Set(['home_banner', 'home_list', 'video_detail']));
    for (const ad of data.advertise) {
      expect(ad.image).toMatch(/^ads\/\d+\.png$/);
      // The picture's own size, so a page draws the ad at its ratio: banners 960x400, the others 640x200.
      expect([ad.imageWidth, ad.imageHeight]).toEqual(ad.position === 'home_banner' ? [960, 400] : [640, 200]);
      expect(ad.href ?? ad.link ?? ad.url ?? ad.linkUrl ?? ad.quickLinkUrl).toMatch(/^https:\/\//);
    }
    // The server's clock when it answered: within the call, however long a busy machine made it.
    expect(data.serverTime).toBeGreaterThanOrEqual(before);
    expect(data.serverTime).toBeLessThanOrEqual(after);
  });

  it('takes the origin from X-Forwarded-* only with TRUST_PROXY, and from PUBLIC_URL above all', async () => {
    const proxied = await startServer({ backend, env: { TRUST_PROXY: '1' } });
    try {
      const forwarded = await call<AppConfig>(proxied.app, API.config, { headers: { 'x-forwarded-host': 'cdn.example', 'x-forwarded-proto': 'https' } });
      expect(forwarded.data.domain[0]!.urls[0]).toBe('https://cdn.example/media/img');
      const hostile = await call<AppConfig>(proxied.app, API.config, { headers: { 'x-forwarded-host': 'a.example/evil?x=' } });
      expect(hostile.data.domain[0]!.urls[0]).toBe('/media/img');
    } finally {
      await proxied.close();
    }
    const pinned = await startServer({ backend, env: { PUBLIC_URL: 'https://media.example/', TRUST_PROXY: '1' } });
    try {
      const { data } = await call<AppConfig>(pinned.app, API.config, { headers: { 'x-forwarded-host': 'cdn.example' } });
      expect(data.domain[1]!.urls[0]).toBe('https://media.example/media/video');
    } finally {
      await pinned.close();
    }
  });

  it('lists every video newest first on the home id, with stable paging', async () => {
    const first = await list({ categoryId: HOME_ID, page: 1, pageSize: 20 });
    expect(first.data.total).toBeGreaterThanOrEqual(30);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.hasMore).toBe(true);
    const rest = await list({ categoryId: HOME_ID, page: 2, pageSize: 50 });
    const beforeLast = await list({ categoryId: HOME_ID, page: 1, pageSize: 50 });
    expect(beforeLast.data.list.slice(0, 20)).toEqual(first.data.list);
    const all = [...beforeLast.data.list, ...rest.data.list];
    expect(all).toHaveLength(first.data.total);
    expect(rest.data.hasMore).toBe(false);
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    const times = all.map((v) => Date.parse(v.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const counts = all.map((v) => v.playCount);
    expect(Math.min(...counts)).toBe(0);
    expect(Math.max(...counts)).toBe(2_000_000);
    expect(counts.some((c) => c >= 1000 && c < 10000)).toBe(true);
    expect(counts.some((c) => c >= 10000)).toBe(true);
    for (const v of all) {
      expect(v).toMatchObject({ contentType: 2, coverWidth: 640, coverHeight: 360 });
      expect(v.cover).toMatch(/^covers\/\d+\.png$/);
    }
    const beyond = await list({ categoryId: HOME_ID, page: 99, pageSize: 20 });
    expect(beyond.data).toMatchObject({ list: [], hasMore: false, total: first.data.total });
  });

  it('lists one category', async () => {
    const { data } = await list({ categoryId: 103, page: 1, pageSize: 50 });
    expect(data.total).toBe(11);
    expect(data.list.every((v) => v.categoryId === 103)).toBe(true);
    expect(data.list.some((v) => v.title.includes('红烧肉'))).toBe(true);
  });

  it('rejects bad list input and unknown categories', async () => {
    for (const body of [
      { categoryId: HOME_ID, page: 1, pageSize: 51 },
      { categoryId: HOME_ID, page: 0, pageSize: 10 },
      { categoryId: HOME_ID, page: '1', pageSize: 10 },
      { categoryId: 'all', page: 1, pageSize: 10 },
      { categoryId: HOME_ID, page: 1.5, pageSize: 10 },
      { page: 1, pageSize: 10 },
    ]) {
      const { res, envelope } = await list(body);
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(1005);
    }
    const missing = await list({ page: 1, pageSize: 10 });
    expect(missing.envelope.tip).toBe('参数错误: categoryId');
    const unknown = await list({ categoryId: 999, page: 1, pageSize: 10 });
    expect(unknown.envelope).toMatchObject({ code: 1006 });
  });

  it('answers the detail with stream, renditions, tags and 12 recommendations, counting the play', async () => {
    const { data: page } = await list({ categoryId: 105, page: 1, pageSize: 1 });
    const item = page.list[0]!;
    const { data } = await call<VideoDetail>(server.app, API.videoDetail, { body: { id: item.id } });
    expect(data.id).toBe(item.id);
    expect(data.stream).toMatch(/^clip-\d\/manifest\.mpd$/);
    expect(data.poster).toMatch(/^posters\/\d+\.png$/);
    expect(data.renditions.map((r) => r.height)).toEqual([360, 720, 1080]);
    expect(data.tags.length).toBeGreaterThan(0);
    expect(data.description.length).toBeGreaterThan(0);
    expect(data.playCount).toBe(item.playCount + 1);
    expect(data.recommend).toHaveLength(12);
    expect(data.recommend.some((v) => v.id === item.id)).toBe(false);
    // Same category first.
    expect(data.recommend.slice(0, 5).every((v) => v.categoryId === 105)).toBe(true);
    const again = await call<VideoDetail>(server.app, API.videoDetail, { body: { id: item.id } });
    expect(again.data.playCount).toBe(item.playCount + 2);
  });

  it('counts every one of many simultaneous opens, written in one batch, each viewer seeing their own play', async () => {
    const id = 1050;
    const db = server.app.ctx.database.db;
    const stored = async () => (await db.selectFrom('videos').select('play_count').where('id', '=', id).executeTakeFirstOrThrow()).play_count;
    await server.app.ctx.plays.flush();
    const before = await stored();
    const seen = await Promise.all(Array.from({ length: 40 }, () => call<VideoDetail>(server.app, API.videoDetail, { body: { id } })));
    const counts = seen.map((r) => r.data.playCount).sort((a, b) => a - b);
    expect(new Set(counts).size).toBe(40);
    expect(counts[39]! - counts[0]!).toBe(39);
    await server.app.ctx.plays.flush();
    expect(await stored()).toBe(before + 40);
  });

  it('shows a new favourite in the video detail at once, though the detail is shared between callers', async () => {
    const id = 1051;
    const token = (await call<{ token: string }>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data.token;
    const before = (await call<VideoDetail>(server.app, API.videoDetail, { body: { id } })).data;
    expect((await call(server.app, CONTENT_API.collectAdd, { body: { id, contentType: CONTENT_TYPE.VIDEO }, token })).envelope.code).toBe(200);
    const after = (await call<VideoDetail & { isCollect: boolean }>(server.app, API.videoDetail, { body: { id }, token })).data;
    expect(after.collectCount).toBe(before.collectCount + 1);
    expect(after.isCollect).toBe(true);
    // Another caller shares the detail but not the favourite flag.
    const other = (await call<VideoDetail & { isCollect: boolean }>(server.app, API.videoDetail, { body: { id } })).data;
    expect(other).toMatchObject({ collectCount: before.collectCount + 1, isCollect: false });
    expect((await call(server.app, CONTENT_API.collectDel, { body: { id, contentType: CONTENT_TYPE.VIDEO }, token })).envelope.code).toBe(200);
    expect((await call<VideoDetail>(server.app, API.videoDetail, { body: { id } })).data.collectCount).toBe(before.collectCount);
  });

  it('answers 1006 for an unknown video and 1005 for a bad id', async () => {
    const unknown = await call(server.app, API.videoDetail, { body: { id: 424242 } });
    expect(unknown.envelope).toMatchObject({ code: 1006, tip: '视频不存在' });
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 2 ** 40 }]) {
      expect((await call(server.app, API.videoDetail, { body })).envelope.code).toBe(1005);
    }
  });

  it('records ad clicks with or without a user, 1006 for unknown ads', async () => {
    const anonymous = await call(server.app, API.advertiseClick, { body: { id: 1 } });
    expect(anonymous.envelope.code).toBe(200);
    expect(anonymous.data).toBeNull();
    const login = await call<{ token: string }>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } });
    const signedIn = await call(server.app, API.advertiseClick, { body: { id: 2 }, token: login.data.token });
    expect(signedIn.envelope.code).toBe(200);
    const rows = await server.app.ctx.database.db.selectFrom('advertise_clicks').selectAll().where('advertise_id', 'in', [1, 2]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.user_id !== null)).toBe(true);
    const unknown = await call(server.app, API.advertiseClick, { body: { id: 9999 } });
    expect(unknown.envelope).toMatchObject({ code: 1006 });
    const bad = await call(server.app, API.advertiseClick, { body: { id: '1' } });
    expect(bad.envelope.code).toBe(1005);
  });

  it('sends plain data when MD_ENCRYPT is off', async () => {
    const plain = await startServer({ backend, env: { MD_ENCRYPT: '0' } });
    try {
      const { envelope } = await call<Page<VideoItem>>(plain.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 2 } });
      expect(envelope.hash).toBe(false);
      expect((envelope.data as Page<VideoItem>).list).toHaveLength(2);
    } finally {
      await plain.close();
    }
  });
});
