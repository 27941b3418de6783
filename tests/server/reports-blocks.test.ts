import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/api.ts';
import {
  CONTENT_API,
  type CommentItem,
  type CommentThread,
  type MyPost,
  type PostDetail,
  type PostItem,
  type SearchResult,
} from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { SAFETY_API, type BlockedMember, type BlockState, type ReportReceipt } from '../../protocol/safety-api.ts';
import { BLOCKED_TIP } from '../../server/routes/comment/comment-routes.ts';
import { BLOCK_TIPS, REPORT_TIPS, REPORTS_PER_WINDOW, reportCounterKey } from '../../server/routes/safety/safety-routes.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer, type Member } from './helpers.ts';

describe.each(BACKENDS)('reports and blocks on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;
  /** Members whose report limit a test took, released after it so a shared Redis stays clean. */
  const reporters = new Set<number>();

  afterEach(async () => {
    await Promise.all([...reporters].map((id) => server.app.ctx.stores.counter.release(reportCounterKey(id), 1000)));
    reporters.clear();
  });

  const report = (m: Member, body: Record<string, unknown>) => {
    reporters.add(m.id);
    return call<ReportReceipt>(server.app, SAFETY_API.reportAdd, { token: m.token, body });
  };
  const block = (token: string, userId: number) => call<BlockState>(server.app, SAFETY_API.userBlock, { token, body: { userId } });
  const unblock = (token: string, userId: number) => call<BlockState>(server.app, SAFETY_API.userUnblock, { token, body: { userId } });
  const blocklist = (token: string, page = 1, pageSize = 20) =>
    call<Page<BlockedMember>>(server.app, SAFETY_API.userBlocklist, { token, body: { page, pageSize } });
  const reportRow = (id: number) => db().selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A member who accepted the community rules, so they can comment. */
  const writer = async (prefix = 'rb') => {
    const m = await signUpMember(server.app, prefix);
    expect((await call(server.app, CONTENT_API.commentConfirm, { token: m.token, body: { agree: true } })).envelope.code).toBe(200);
    return m;
  };
  const comment = (token: string, body: Record<string, unknown>) => call<CommentItem>(server.app, CONTENT_API.commentAdd, { token, body });
  const comments = (id: number, token?: string, sort = 'latest') =>
    call<Page<CommentThread>>(server.app, CONTENT_API.commentList, { token, body: { contentType: 2, id, sort, page: 1, pageSize: 50 } });
  const publish = (token: string, title: string) =>
    call<MyPost>(server.app, CONTENT_API.postPublish, { token, body: { title, content: `${title} 的正文`, images: [], tagIds: [], price: 0 } });
  let videoOffset = 0;
  /** A video of the seeded catalogue, a different one per call. */
  const aVideo = async () =>
    (
      await db()
        .selectFrom('videos')
        .select('id')
        .orderBy('id')
        .offset(videoOffset++ % 60)
        .executeTakeFirstOrThrow()
    ).id;
  const aPublished = async (table: 'posts' | 'reviews') =>
    db().selectFrom(table).select(['id', 'author_id']).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();

  it('files a report of each kind of target in the open queue, with its author, reason and detail', async () => {
    const m = await writer();
    const other = await writer();
    const video = await aVideo();
    const post = await aPublished('posts');
    const review = await aPublished('reviews');
    const theirs = (await comment(other.token, { contentType: 2, id: video, content: '被举报的评论' })).data;

    const cases = [
      { targetType: 'video', targetId: video, reason: 'vulgar', author: null },
      { targetType: 'post', targetId: post.id, reason: 'spam', author: post.author_id },
      { targetType: 'comment', targetId: theirs.id, reason: 'abuse', author: other.id },
      { targetType: 'review', targetId: review.id, reason: 'infringement', author: review.author_id },
    ] as const;
    for (const { author, ...body } of cases) {
      const res = await report(m, { ...body, detail: '  看一下这个  ' });
      expect(res.envelope.code, body.targetType).toBe(200);
      expect(res.data).toMatchObject({ status: 'open', duplicate: false });
      expect(Math.abs(Date.parse(res.data.createdAt) - Date.now())).toBeLessThan(60_000);
      expect(await reportRow(res.data.id)).toMatchObject({
        reporter_id: m.id,
        target_type: body.targetType,
        target_id: body.targetId,
        target_author_id: author,
        reason: body.reason,
        detail: '看一下这个',
        status: 'open',
      });
    }
    // Other with what is wrong; no detail at all is stored as ''.
    const seededComment = await db().selectFrom('comments').select('id').where('user_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const other1 = await report(m, { targetType: 'comment', targetId: seededComment.id, reason: 'other', detail: '剧透' });
    expect(await reportRow(other1.data.id)).toMatchObject({ reason: 'other', detail: '剧透', target_author_id: null });
    const bare = await report(other, { targetType: 'video', targetId: video, reason: 'illegal' });
    expect(await reportRow(bare.data.id)).toMatchObject({ reporter_id: other.id, detail: '' });
  });

  it('refuses bad input with a clear tip, guests and callers without a session, and stores nothing', async () => {
    const m = await writer();
    const video = await aVideo();
    const pending = await db().selectFrom('posts').select('id').where('status', '=', 'pending').executeTakeFirst();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ targetType: 'user', targetId: video, reason: 'spam' }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: 0, reason: 'spam' }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: video, reason: 'boring' }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: video }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: video, reason: 'spam', extra: 1 }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: video, reason: 'spam', detail: 42 }, CODES.BAD_REQUEST, /^参数错误/],
      [{ targetType: 'video', targetId: video, reason: 'other' }, CODES.BAD_REQUEST, REPORT_TIPS.needDetail],
      [{ targetType: 'video', targetId: video, reason: 'other', detail: ' \n ' }, CODES.BAD_REQUEST, REPORT_TIPS.needDetail],
      [{ targetType: 'video', targetId: video, reason: 'spam', detail: '长'.repeat(201) }, CODES.BAD_REQUEST, REPORT_TIPS.tooLong],
      [{ targetType: 'video', targetId: 99_999_999, reason: 'spam' }, CODES.NOT_FOUND, '视频不存在'],
      [{ targetType: 'post', targetId: 99_999_999, reason: 'spam' }, CODES.NOT_FOUND, '帖子不存在'],
      [{ targetType: 'comment', targetId: 99_999_999, reason: 'spam' }, CODES.NOT_FOUND, '评论不存在'],
      [{ targetType: 'review', targetId: 99_999_999, reason: 'spam' }, CODES.NOT_FOUND, '影评不存在'],
    ];
    // A post still in review is not visible: it cannot be reported.
    if (pending) cases.push([{ targetType: 'post', targetId: pending.id, reason: 'spam' }, CODES.NOT_FOUND, '帖子不存在']);
    for (const [body, code, tip] of cases) {
      const res = await report(m, body);
      expect(res.envelope.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      if (typeof tip === 'string') expect(res.envelope.tip).toBe(tip);
      else expect(res.envelope.tip).toMatch(tip);
    }
    // One's own content.
    const own = (await comment(m.token, { contentType: 2, id: video, content: '我自己的' })).data;
    expect((await report(m, { targetType: 'comment', targetId: own.id, reason: 'spam' })).envelope).toMatchObject({
      code: CODES.BAD_REQUEST,
      tip: REPORT_TIPS.own,
    });
    // Exactly 200 characters (code points) is fine.
    expect((await report(m, { targetType: 'video', targetId: video, reason: 'other', detail: '😀'.repeat(200) })).envelope.code).toBe(200);
    expect(await db().selectFrom('reports').select('detail').where('reporter_id', '=', m.id).execute()).toEqual([{ detail: '😀'.repeat(200) }]);

    // Guests get the members-only answer, a call without a session the sign-in one, on every call.
    const guest = (await newGuest(server.app)).token;
    const calls: [string, unknown][] = [
      [SAFETY_API.reportAdd, { targetType: 'video', targetId: video, reason: 'spam' }],
      [SAFETY_API.userBlock, { userId: m.id }],
      [SAFETY_API.userUnblock, { userId: m.id }],
      [SAFETY_API.userBlocklist, { page: 1, pageSize: 10 }],
    ];
    expect(calls.map(([path]) => path).sort()).toEqual(Object.values(SAFETY_API).sort());
    for (const [path, body] of calls) {
      expect((await call(server.app, path, { token: guest, body })).envelope, path).toMatchObject({ code: CODES.FORBIDDEN, tip: '请先登录会员账号' });
      expect((await call(server.app, path, { body })).envelope.code, path).toBe(CODES.LOGIN_INVALID);
    }
    expect(await db().selectFrom('reports').select('id').where('target_id', '=', video).where('reporter_id', 'is', null).execute()).toEqual([]);
  });

  it('keeps one open report per member and target: 20 racing reports store exactly one row', async () => {
    const m = await writer();
    const other = await writer();
    const video = await aVideo();
    const target = (await comment(other.token, { contentType: 2, id: video, content: '广告 加我' })).data;
    const body = { targetType: 'comment', targetId: target.id, reason: 'spam' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => report(m, body)));
    expect(answers.map((a) => a.envelope.code)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.data.duplicate)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const rows = () => db().selectFrom('reports').select(['id', 'status']).where('reporter_id', '=', m.id).where('target_id', '=', target.id).execute();
    expect(await rows()).toHaveLength(1);
    // A repeat later says so; another member's report of the same target is their own.
    expect((await report(m, { ...body, reason: 'abuse' })).data).toMatchObject({ id: answers[0]!.data.id, duplicate: true });
    expect((await report(other, { targetType: 'video', targetId: video, reason: 'spam' })).data.duplicate).toBe(false);
    const third = await writer();
    expect((await report(third, body)).data.duplicate).toBe(false);
    // Once the operators have dealt with it, the member may report it again.
    await db().updateTable('reports').set({ status: 'closed' }).where('reporter_id', '=', m.id).execute();
    const again = await report(m, body);
    expect(again.data).toMatchObject({ duplicate: false, status: 'open' });
    expect(again.data.id).not.toBe(answers[0]!.data.id);
    expect((await rows()).map((r) => r.status).sort()).toEqual(['closed', 'open']);
  });

  it('stores a detail with markup as plain text, exactly as sent', async () => {
    const m = await writer();
    const video = await aVideo();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> 盗用';
    const res = await report(m, { targetType: 'video', targetId: video, reason: 'other', detail: payload });
    expect(res.envelope.code).toBe(200);
    expect((await reportRow(res.data.id)).detail).toBe(payload);
  });

  it(`takes ${REPORTS_PER_WINDOW} reports per member in 10 minutes; repeats do not count`, async () => {
    const m = await writer();
    const videos = await db()
      .selectFrom('videos')
      .select('id')
      .orderBy('id')
      .limit(REPORTS_PER_WINDOW + 1)
      .execute();
    const send = (i: number) => report(m, { targetType: 'video', targetId: videos[i]!.id, reason: 'spam' });
    for (let i = 0; i < REPORTS_PER_WINDOW - 1; i++) expect((await send(i)).envelope.code).toBe(200);
    // A repeat of an open report is answered and not counted: the last new one still goes.
    expect((await send(0)).data.duplicate).toBe(true);
    expect((await send(REPORTS_PER_WINDOW - 1)).envelope.code).toBe(200);
    expect((await report(m, { targetType: 'video', targetId: videos[REPORTS_PER_WINDOW]!.id, reason: 'spam' })).envelope).toMatchObject({
      code: CODES.TOO_MANY,
      tip: REPORT_TIPS.tooFast,
    });
    expect(await db().selectFrom('reports').select('id').where('reporter_id', '=', m.id).execute()).toHaveLength(REPORTS_PER_WINDOW);
  });

  it('blocks and unblocks members, idempotently, never oneself, and lists them newest first with their name and avatar', async () => {
    const a = await writer();
    const [b, c] = [await writer(), await writer()];
    expect((await block(a.token, b.id)).data).toEqual({ userId: b.id, blocked: true });
    expect((await block(a.token, c.id)).data).toEqual({ userId: c.id, blocked: true });
    expect((await block(a.token, b.id)).data).toEqual({ userId: b.id, blocked: true });
    expect(await db().selectFrom('user_blocks').select('blocked_id').where('blocker_id', '=', a.id).execute()).toHaveLength(2);
    // The newest block first; the second block of b did not move it.
    await db()
      .updateTable('user_blocks')
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where('blocker_id', '=', a.id)
      .where('blocked_id', '=', b.id)
      .execute();
    const list = (await blocklist(a.token)).data;
    expect(list).toMatchObject({ total: 2, hasMore: false });
    expect(list.list.map((x) => [x.id, x.nickname])).toEqual([
      [c.id, c.account],
      [b.id, b.account],
    ]);
    expect(list.list[0]!.avatar).toMatch(/\S/);
    expect((await blocklist(a.token, 1, 1)).data).toMatchObject({ total: 2, hasMore: true, list: [{ id: c.id }] });
    expect((await blocklist(a.token, 2, 1)).data).toMatchObject({ total: 2, hasMore: false, list: [{ id: b.id }] });

    expect((await block(a.token, a.id)).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: BLOCK_TIPS.self });
    expect((await block(a.token, 99_999_999)).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: BLOCK_TIPS.noUser });
    const guest = await newGuest(server.app);
    expect((await block(a.token, guest.userInfo.id)).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: BLOCK_TIPS.noUser });
    for (const body of [{}, { userId: 0 }, { userId: '1' }, { userId: b.id, blockerId: c.id }]) {
      expect((await call(server.app, SAFETY_API.userBlock, { token: a.token, body })).envelope.code, JSON.stringify(body)).toBe(CODES.BAD_REQUEST);
    }

    expect((await unblock(a.token, b.id)).data).toEqual({ userId: b.id, blocked: false });
    expect((await unblock(a.token, b.id)).data).toEqual({ userId: b.id, blocked: false });
    expect((await unblock(a.token, 99_999_999)).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: BLOCK_TIPS.noUser });
    expect((await blocklist(a.token)).data.list.map((x) => x.id)).toEqual([c.id]);
  });

  it('keeps each blocklist to its member: another member neither sees nor changes it', async () => {
    const [a, b, c] = [await writer(), await writer(), await writer()];
    await block(a.token, b.id);
    expect((await blocklist(c.token)).data).toMatchObject({ list: [], total: 0 });
    // c's unblock of b is about c's own (empty) list.
    expect((await unblock(c.token, b.id)).data).toEqual({ userId: b.id, blocked: false });
    expect((await blocklist(a.token)).data.list.map((x) => x.id)).toEqual([b.id]);
    // b does not see who blocked them.
    expect((await blocklist(b.token)).data.total).toBe(0);
    // The list body has no member to name: only the caller's own list is read.
    expect((await call(server.app, SAFETY_API.userBlocklist, { token: c.token, body: { page: 1, pageSize: 10, userId: a.id } })).envelope.code).toBe(
      CODES.BAD_REQUEST,
    );
  });

  it("hides a blocked member's comments and replies from the blocker only, and refuses their replies to the blocker", async () => {
    const [a, b, c, d] = [await writer('ba'), await writer('bb'), await writer('bc'), await writer('bd')];
    const video = await aVideo();
    const byA = (await comment(a.token, { contentType: 2, id: video, content: 'A 的评论' })).data;
    const byC = (await comment(c.token, { contentType: 2, id: video, content: 'C 的评论' })).data;
    // b answered a before a blocked them: that reply stays, hidden from a only.
    const earlier = (await comment(b.token, { contentType: 2, id: video, content: 'B 早先的回复', parentId: byA.id })).data;
    expect((await block(a.token, b.id)).envelope.code).toBe(200);
    const byB = (await comment(b.token, { contentType: 2, id: video, content: 'B 的评论' })).data;
    const bToC = (await comment(b.token, { contentType: 2, id: video, content: 'B 回复 C', parentId: byC.id })).data;
    const cToC = (await comment(c.token, { contentType: 2, id: video, content: 'C 自己补充', parentId: byC.id })).data;

    // A blocked member cannot reply to the blocker, nor to the blocker's replies, nor comment on their posts.
    expect((await comment(b.token, { contentType: 2, id: video, content: '再回复', parentId: byA.id })).envelope).toMatchObject({
      code: CODES.FORBIDDEN,
      tip: BLOCKED_TIP,
    });
    const aReply = (await comment(a.token, { contentType: 2, id: video, content: 'A 回复 C', parentId: byC.id })).data;
    expect((await comment(b.token, { contentType: 2, id: video, content: '回复 A 的回复', parentId: aReply.id })).envelope.tip).toBe(BLOCKED_TIP);
    const post = (await publish(a.token, `A 的帖子 ${Date.now()}`)).data;
    expect((await comment(b.token, { contentType: 5, id: post.id, content: '评论 A 的帖子' })).envelope.tip).toBe(BLOCKED_TIP);
    // Others reply to a as before; the blocker may still answer b.
    expect((await comment(d.token, { contentType: 2, id: video, content: 'D 回复 A', parentId: byA.id })).envelope.code).toBe(200);
    expect((await comment(a.token, { contentType: 2, id: video, content: 'A 回复 B', parentId: byB.id })).envelope.code).toBe(200);

    const ids = (page: Page<CommentThread>) => page.list.flatMap((t) => [t.id, ...t.replies.map((r) => r.id)]);
    const forA = (await comments(video, a.token)).data;
    const forD = (await comments(video, d.token)).data;
    const forGuest = (await comments(video)).data;
    for (const hidden of [byB.id, bToC.id, earlier.id]) {
      expect(ids(forA)).not.toContain(hidden);
      expect(ids(forD)).toContain(hidden);
      expect(ids(forGuest)).toContain(hidden);
    }
    expect(forD.total - forA.total).toBe(1);
    // The thread of c as a reads it: b's reply gone, and counted out.
    const threadForA = forA.list.find((t) => t.id === byC.id)!;
    const threadForD = forD.list.find((t) => t.id === byC.id)!;
    expect(threadForA.replies.map((r) => r.id)).toEqual([cToC.id, aReply.id]);
    expect(threadForA.replyCount).toBe(2);
    expect(threadForD.replyCount).toBe(3);
    expect(forA.list.find((t) => t.id === byA.id)!.replies.map((r) => r.content)).toEqual(['D 回复 A']);
    // The replies of a thread and the hot comments too.
    const replies = (token?: string) => call<Page<CommentItem>>(server.app, CONTENT_API.commentReplies, { token, body: { id: byC.id, page: 1, pageSize: 10 } });
    expect((await replies(a.token)).data.list.map((r) => r.id)).toEqual([cToC.id, aReply.id]);
    expect((await replies(d.token)).data.total).toBe(3);
    await db().updateTable('comments').set({ like_count: 100_000 }).where('id', '=', byB.id).execute();
    const hot = (token: string) => call<CommentThread[]>(server.app, CONTENT_API.commentHot, { token, body: { contentType: 2, id: video } });
    expect((await hot(d.token)).data[0]!.id).toBe(byB.id);
    expect((await hot(a.token)).data.map((t) => t.id)).not.toContain(byB.id);

    // b's support of a's comment still counts, but tells a nothing; d's does.
    const supports = () =>
      db().selectFrom('messages').select('from_user_id').where('user_id', '=', a.id).where('type', '=', 4).where('target_id', '=', video).execute();
    expect((await call(server.app, CONTENT_API.commentVote, { token: b.token, body: { id: byA.id, vote: 1 } })).envelope.code).toBe(200);
    expect((await call(server.app, CONTENT_API.commentVote, { token: d.token, body: { id: byA.id, vote: 1 } })).envelope.code).toBe(200);
    expect((await supports()).map((m) => m.from_user_id)).toEqual([d.id]);

    // Unblocked, b's comments come back and b may reply again.
    await unblock(a.token, b.id);
    expect(ids((await comments(video, a.token)).data)).toEqual(expect.arrayContaining([byB.id, bToC.id, earlier.id]));
    expect((await comment(b.token, { contentType: 2, id: video, content: '和好了', parentId: byA.id })).envelope.code).toBe(200);
  });

  it("leaves a blocked member's posts out of the blocker's feed, 猜你喜欢 and search, whatever the shared caches hold, and marks their post", async () => {
    const [a, b, d] = [await writer('pa'), await writer('pb'), await writer('pd')];
    const word = `屏蔽词${Date.now().toString(36)}`;
    const post = (await publish(b.token, `${word} 的帖子`)).data;
    expect(post.status).toBe('published');
    const feed = (token?: string) => call<Page<PostItem>>(server.app, CONTENT_API.postFeed, { token, body: { page: 1, pageSize: 50 } });
    const search = (token?: string) =>
      call<SearchResult>(server.app, CONTENT_API.search, { token, body: { keyword: word, type: 'post', page: 1, pageSize: 10 } });
    const searchAll = (token?: string) =>
      call<SearchResult>(server.app, CONTENT_API.search, { token, body: { keyword: word, type: 'all', page: 1, pageSize: 10 } });
    const detail = (token?: string) => call<PostDetail>(server.app, CONTENT_API.postDetail, { token, body: { id: post.id } });
    const mayLike = (token: string) => call<PostItem[]>(server.app, CONTENT_API.postMayLike, { token, body: {} });

    // Before the block a sees it; the search answer is now in the shared cache.
    expect((await search(a.token)).data.posts?.list.map((p) => p.id)).toEqual([post.id]);
    await block(a.token, b.id);
    expect((await feed(a.token)).data.list.map((p) => p.id)).not.toContain(post.id);
    expect((await feed(d.token)).data.list[0]!.id).toBe(post.id);
    expect((await feed()).data.list[0]!.id).toBe(post.id);
    // The cached answer is read again for a, and still served whole to d and guests.
    expect((await search(a.token)).data.posts).toMatchObject({ list: [], total: 0 });
    expect((await search(d.token)).data.posts?.list.map((p) => p.id)).toEqual([post.id]);
    expect((await search()).data.posts?.total).toBe(1);
    expect((await searchAll(d.token)).data.posts?.total).toBe(1);
    expect((await searchAll(a.token)).data.posts?.total).toBe(0);
    expect((await search(a.token)).data.posts?.total).toBe(0);
    // 猜你喜欢: the liveliest, never b's for a.
    await db().updateTable('posts').set({ like_count: 1_000_000 }).where('id', '=', post.id).execute();
    expect((await mayLike(d.token)).data[0]!.id).toBe(post.id);
    expect((await mayLike(a.token)).data.map((p) => p.author.id)).not.toContain(b.id);
    // The post itself still opens, marked.
    expect((await detail(a.token)).data).toMatchObject({ id: post.id, authorBlocked: true });
    expect((await detail(d.token)).data.authorBlocked).toBe(false);
    expect((await detail()).data.authorBlocked).toBe(false);

    await unblock(a.token, b.id);
    expect((await feed(a.token)).data.list.map((p) => p.id)).toContain(post.id);
    expect((await search(a.token)).data.posts?.list.map((p) => p.id)).toEqual([post.id]);
    expect((await detail(a.token)).data.authorBlocked).toBe(false);
  });
});
