import { describe, expect, it } from 'vitest';
import { API, type Page, type VideoDetail } from '../../protocol/api.ts';
import { CONTENT_API, type CommentItem, type MyComment } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer } from './helpers.ts';

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
      { id: 1001, contentType: 8, page: 1, pageSize: 5 },
      { id: 1001, contentType: 2, page: 1, pageSize: 5, sort: 'random' },
      { id: '1001', contentType: 2, page: 1, pageSize: 5 },
    ]) {
      const { res, envelope } = await list(body);
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(CODES.BAD_REQUEST);
    }
  });

  it("lists a member's own comments newest first with what they were written under, and nobody else's", async () => {
    const db = server.app.ctx.database.db;
    const a = await signUpMember(server.app, 'mc');
    const b = await signUpMember(server.app, 'mc');
    const video = (await call<VideoDetail>(server.app, API.videoDetail, { body: { id: 1003 } })).data;
    const post = await db.selectFrom('posts').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const row = (userId: number, contentType: number, contentId: number, content: string, minutesAgo: number) => ({
      content_type: contentType,
      content_id: contentId,
      user_id: userId,
      author_name: 'x',
      content,
      like_count: 0,
      reply_count: 0,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    });
    // Written through the community's calls once they exist; the rows are what those store.
    await db
      .insertInto('comments')
      .values([
        row(a.id, 2, video.id, 'older, on a video', 30),
        row(a.id, 5, post.id, 'newer, on a post', 5),
        row(a.id, 2, 999_999, 'on a video now gone', 60),
        row(b.id, 2, video.id, 'not mine', 1),
      ])
      .execute();
    const mine = await call<Page<MyComment>>(server.app, CONTENT_API.commentMine, { token: a.token, body: { page: 1, pageSize: 2 } });
    expect(mine.data.total).toBe(3);
    expect(mine.data.list.map((c) => [c.content, c.target])).toEqual([
      ['newer, on a post', { contentType: 5, id: post.id, title: post.title }],
      ['older, on a video', { contentType: 2, id: video.id, title: video.title }],
    ]);
    const second = await call<Page<MyComment>>(server.app, CONTENT_API.commentMine, { token: a.token, body: { page: 2, pageSize: 2 } });
    expect(second.data.list.map((c) => [c.content, c.target.title])).toEqual([['on a video now gone', '']]);
    const theirs = await call<Page<MyComment>>(server.app, CONTENT_API.commentMine, { token: b.token, body: { page: 1, pageSize: 10 } });
    expect(theirs.data.list.map((c) => c.content)).toEqual(['not mine']);

    const guest = await newGuest(server.app);
    expect((await call(server.app, CONTENT_API.commentMine, { token: guest.token, body: { page: 1, pageSize: 10 } })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await call(server.app, CONTENT_API.commentMine, { token: a.token, body: { page: 0, pageSize: 10 } })).envelope.code).toBe(CODES.BAD_REQUEST);
  });
});
