import { describe, expect, it } from 'vitest';
import { API, type Page, type VideoDetail } from '../../protocol/api.ts';
import { CONTENT_API, type CommentItem } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { BACKENDS, call, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('comments on $name', (backend) => {
  const server = suiteServer({ backend });

  const list = (body: unknown) => call<Page<CommentItem>>(server.app, CONTENT_API.commentList, { body });

  it('seeds demo comments once and keeps the video comment counts true', async () => {
    expect(await server.app.ctx.comments.seedDemo()).toBe(false);
    const video = (await call<VideoDetail>(server.app, API.videoDetail, { body: { id: 1001 } })).data;
    const page = (await list({ id: 1001, contentType: 2, page: 1, pageSize: 50 })).data;
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(video.commentCount).toBe(page.total);
    for (const c of page.list) {
      expect(c.content.length).toBeGreaterThan(0);
      expect(c.user.nickname.length).toBeGreaterThan(0);
    }
  });

  it('sorts newest or most liked first and pages', async () => {
    const latest = (await list({ id: 1002, contentType: 2, page: 1, pageSize: 50 })).data.list;
    const times = latest.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const hot = (await list({ id: 1002, contentType: 2, sort: 'hot', page: 1, pageSize: 50 })).data.list;
    const likes = hot.map((c) => c.likeCount);
    expect([...likes].sort((a, b) => b - a)).toEqual(likes);
    expect(new Set(hot.map((c) => c.id))).toEqual(new Set(latest.map((c) => c.id)));

    const first = (await list({ id: 1002, contentType: 2, page: 1, pageSize: 2 })).data;
    const second = (await list({ id: 1002, contentType: 2, page: 2, pageSize: 2 })).data;
    expect(first.hasMore).toBe(true);
    expect([...first.list, ...second.list].map((c) => c.id)).toEqual(latest.slice(0, 4).map((c) => c.id));
    expect((await list({ id: 1002, contentType: 2, page: 99, pageSize: 2 })).data).toMatchObject({ list: [], total: latest.length, hasMore: false });
  });

  it('answers the five most liked for comment/hot', async () => {
    const { data } = await call<CommentItem[]>(server.app, CONTENT_API.commentHot, { body: { id: 1003, contentType: 2 } });
    const all = (await list({ id: 1003, contentType: 2, sort: 'hot', page: 1, pageSize: 50 })).data.list;
    expect(data).toEqual(all.slice(0, 5));
  });

  it('rejects unknown videos and bad input clearly', async () => {
    expect((await list({ id: 99_999_999, contentType: 2, page: 1, pageSize: 5 })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await call(server.app, CONTENT_API.commentHot, { body: { id: 99_999_999, contentType: 2 } })).envelope.code).toBe(CODES.NOT_FOUND);
    for (const body of [
      {},
      { id: 1001, contentType: 3, page: 1, pageSize: 5 },
      { id: 1001, contentType: 2, page: 1, pageSize: 5, sort: 'random' },
      { id: '1001', contentType: 2, page: 1, pageSize: 5 },
    ]) {
      const { res, envelope } = await list(body);
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(CODES.BAD_REQUEST);
    }
  });
});
