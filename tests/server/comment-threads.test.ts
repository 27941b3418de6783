import { describe, expect, it } from 'vitest';
import { API, type Page, type VideoDetail } from '../../protocol/api.ts';
import { CONTENT_API, type CommentItem, type CommentRules, type CommentThread, type CommentVoteState } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { COMMENTS_PER_MINUTE, QUICK_REPLIES, RULES_TIP } from '../../server/routes/comment/comment-routes.ts';
import { openSession } from '../../server/plugins/auth.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('writing comments, replies and votes on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;
  let videoIds = 2000;
  /** A video of its own per test, so comment counts and lists start where the test says. */
  const freshVideo = async () => {
    const row = await db()
      .selectFrom('videos')
      .select('id')
      .orderBy('id')
      .offset(videoIds++ % 20)
      .executeTakeFirstOrThrow();
    await db().deleteFrom('comments').where('content_type', '=', 2).where('content_id', '=', row.id).execute();
    await db().updateTable('videos').set({ comment_count: 0 }).where('id', '=', row.id).execute();
    return row.id;
  };
  const confirm = (token: string, agree?: boolean) =>
    call<CommentRules>(server.app, CONTENT_API.commentConfirm, { token, body: agree === undefined ? {} : { agree } });
  /** A member who accepted the rules. */
  const writer = async () => {
    const m = await signUpMember(server.app, 'cm');
    expect((await confirm(m.token, true)).data.confirmed).toBe(true);
    return m;
  };
  const add = (token: string, body: Record<string, unknown>) => call<CommentItem>(server.app, CONTENT_API.commentAdd, { token, body });
  const list = (body: Record<string, unknown>, token?: string) =>
    call<Page<CommentThread>>(server.app, CONTENT_API.commentList, { token, body: { page: 1, pageSize: 20, ...body } });
  const vote = (token: string, id: number, v: number) => call<CommentVoteState>(server.app, CONTENT_API.commentVote, { token, body: { id, vote: v } });
  const messagesOf = (userId: number, type: number) =>
    db().selectFrom('messages').selectAll().where('user_id', '=', userId).where('type', '=', type).orderBy('id', 'desc').execute();

  it('asks members to accept the community rules once before they write, and refuses guests', async () => {
    const m = await signUpMember(server.app, 'cm');
    const video = await freshVideo();
    expect((await confirm(m.token)).data).toEqual({ confirmed: false, confirmedAt: null });
    expect((await add(m.token, { contentType: 2, id: video, content: 'hello' })).envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: RULES_TIP });
    const first = (await confirm(m.token, true)).data;
    expect(first.confirmed).toBe(true);
    expect((await confirm(m.token, true)).data.confirmedAt).toBe(first.confirmedAt);
    expect((await confirm(m.token)).data.confirmedAt).toBe(first.confirmedAt);
    expect((await add(m.token, { contentType: 2, id: video, content: 'hello' })).envelope.code).toBe(200);
    const guest = await newGuest(server.app);
    expect((await add(guest.token, { contentType: 2, id: video, content: 'hello' })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await confirm(guest.token, true)).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await call<string[]>(server.app, CONTENT_API.commentQuickReply, { body: {} })).data).toEqual(QUICK_REPLIES);
  });

  it('writes a comment on a video as plain text, counted once, first in the list; bad input gets a clear error', async () => {
    const m = await writer();
    const video = await freshVideo();
    const payload = '  <script>alert(1)</script><img src=x onerror=alert(2)> [link](javascript:alert(3))  ';
    const written = await add(m.token, { contentType: 2, id: video, content: payload });
    expect(written.envelope.code).toBe(200);
    expect(written.data).toMatchObject({
      content: payload.trim(),
      parentId: null,
      replyTo: null,
      likeCount: 0,
      opposeCount: 0,
      myVote: 0,
      user: { id: m.id, nickname: m.account },
    });
    const page = (await list({ contentType: 2, id: video })).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: written.data.id, content: payload.trim(), replies: [] });
    expect((await call<VideoDetail>(server.app, API.videoDetail, { body: { id: video } })).data.commentCount).toBe(1);

    expect((await add(m.token, { contentType: 2, id: video, content: '   ' })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '请输入评论内容' });
    expect((await add(m.token, { contentType: 2, id: video, content: '长'.repeat(501) })).envelope).toMatchObject({
      code: CODES.BAD_REQUEST,
      tip: '评论不能超过500字',
    });
    expect((await add(m.token, { contentType: 2, id: 99_999_999, content: 'x' })).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: '视频不存在' });
    expect((await add(m.token, { contentType: 4, id: video, content: 'x' })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await add(m.token, { contentType: 2, id: video, content: 'x', parentId: 99_999_999 })).envelope).toMatchObject({
      code: CODES.NOT_FOUND,
      tip: '要回复的评论不存在',
    });
    expect((await call<VideoDetail>(server.app, API.videoDetail, { body: { id: video } })).data.commentCount).toBe(1);
  });

  it('threads replies under their top-level comment, names whom they answer, and tells them', async () => {
    const [a, b, c] = [await writer(), await writer(), await writer()];
    const video = await freshVideo();
    const top = (await add(a.token, { contentType: 2, id: video, content: 'top' })).data;
    const r1 = (await add(b.token, { contentType: 2, id: video, content: 'reply from b', parentId: top.id })).data;
    expect(r1).toMatchObject({ parentId: top.id, replyTo: { id: a.id, nickname: a.account } });
    // A reply to a reply sits under the same top-level comment and answers b.
    const r2 = (await add(c.token, { contentType: 2, id: video, content: 'reply to b', parentId: r1.id })).data;
    expect(r2).toMatchObject({ parentId: top.id, replyTo: { id: b.id, nickname: b.account } });
    for (let i = 0; i < 3; i++) await add(a.token, { contentType: 2, id: video, content: `more ${i}`, parentId: top.id });

    const thread = (await list({ contentType: 2, id: video })).data;
    expect(thread.total).toBe(1);
    expect(thread.list[0]!.replyCount).toBe(5);
    expect(thread.list[0]!.replies.map((r) => r.content)).toEqual(['reply from b', 'reply to b', 'more 0']);
    const rest = await call<Page<CommentItem>>(server.app, CONTENT_API.commentReplies, { body: { id: top.id, page: 2, pageSize: 3 } });
    expect(rest.data.total).toBe(5);
    expect(rest.data.list.map((r) => r.content)).toEqual(['more 1', 'more 2']);
    expect((await call(server.app, CONTENT_API.commentReplies, { body: { id: r1.id, page: 1, pageSize: 3 } })).envelope.code).toBe(CODES.NOT_FOUND);

    // a heard from b; b heard from c; nobody hears about their own replies.
    expect((await messagesOf(a.id, 3)).map((m) => [m.from_user_id, m.content])).toEqual([[b.id, 'reply from b']]);
    expect((await messagesOf(b.id, 3)).map((m) => [m.from_user_id, m.content])).toEqual([[c.id, 'reply to b']]);
    // A parent on another item is not a parent here.
    const other = await freshVideo();
    expect((await add(b.token, { contentType: 2, id: other, content: 'x', parentId: top.id })).envelope.code).toBe(CODES.NOT_FOUND);
  });

  it('comments on posts and reviews, telling their authors, and lists them there', async () => {
    const m = await writer();
    const post = await db().selectFrom('posts').select(['id', 'author_id', 'title']).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
    const review = await db().selectFrom('reviews').select(['id', 'author_id']).orderBy('id').executeTakeFirstOrThrow();
    const onPost = await add(m.token, { contentType: 5, id: post.id, content: 'nice post' });
    expect(onPost.envelope.code).toBe(200);
    const onReview = await add(m.token, { contentType: 3, id: review.id, content: 'nice review' });
    expect(onReview.envelope.code).toBe(200);
    expect((await list({ contentType: 5, id: post.id })).data.list.map((c) => c.id)).toContain(onPost.data.id);
    expect((await list({ contentType: 3, id: review.id })).data.list.map((c) => c.id)).toContain(onReview.data.id);
    const told = (await messagesOf(post.author_id, 2)).filter((message) => message.target_type === 5);
    expect(told[0]).toMatchObject({ from_user_id: m.id, target_type: 5, target_id: post.id, target_title: post.title, content: 'nice post' });
    expect((await add(m.token, { contentType: 5, id: 99_999_999, content: 'x' })).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: '帖子不存在' });
  });

  it('toggles support and opposition as a pair, one vote per member, and tells the author of a first support', async () => {
    const [author, voter] = [await writer(), await writer()];
    const video = await freshVideo();
    const comment = (await add(author.token, { contentType: 2, id: video, content: 'vote on me' })).data;
    expect((await vote(voter.token, comment.id, 1)).data).toEqual({ likeCount: 1, opposeCount: 0, myVote: 1 });
    expect((await vote(voter.token, comment.id, 1)).data).toEqual({ likeCount: 1, opposeCount: 0, myVote: 1 });
    expect((await vote(voter.token, comment.id, -1)).data).toEqual({ likeCount: 0, opposeCount: 1, myVote: -1 });
    expect((await vote(voter.token, comment.id, 0)).data).toEqual({ likeCount: 0, opposeCount: 0, myVote: 0 });
    expect((await vote(voter.token, comment.id, 1)).data.myVote).toBe(1);
    // The list shows each caller their own vote.
    expect((await list({ contentType: 2, id: video }, voter.token)).data.list[0]).toMatchObject({ likeCount: 1, myVote: 1 });
    expect((await list({ contentType: 2, id: video }, author.token)).data.list[0]).toMatchObject({ likeCount: 1, myVote: 0 });
    expect((await messagesOf(author.id, 4)).map((m) => m.from_user_id)).toEqual([voter.id]);
    // Voting on your own comment tells nobody.
    await vote(author.token, comment.id, 1);
    expect(await messagesOf(author.id, 4)).toHaveLength(1);
    expect((await vote(voter.token, 99_999_999, 1)).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await vote(voter.token, comment.id, 2)).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await vote((await newGuest(server.app)).token, comment.id, 1)).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('keeps the counts exact under 200 concurrent votes of 200 members and one member racing the same vote', async () => {
    const author = await writer();
    const video = await freshVideo();
    const comment = (await add(author.token, { contentType: 2, id: video, content: 'popular' })).data;
    const users = await db()
      .insertInto('users')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          is_user: true,
          nickname: `voter${i}`,
          avatar: '',
          aff_code: '',
          account: null,
          dev_id: null,
          guest_secret_hash: null,
          account_key: null,
          password_hash: null,
        })),
      )
      .returning('id')
      .execute();
    const tokens = await Promise.all(users.map((u) => openSession(server.app.ctx, u.id, false)));
    const results = await Promise.all(tokens.map((token, i) => vote(token, comment.id, i % 4 === 0 ? -1 : 1)));
    expect(results.every((r) => r.envelope.code === 200)).toBe(true);
    const row = await db().selectFrom('comments').select(['like_count', 'oppose_count']).where('id', '=', comment.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ like_count: 150, oppose_count: 50 });
    const votes = await db().selectFrom('comment_votes').select(['vote']).where('comment_id', '=', comment.id).execute();
    expect(votes).toHaveLength(200);

    const same = await Promise.all(Array.from({ length: 20 }, () => vote(tokens[1]!, comment.id, -1)));
    expect(same.every((r) => r.envelope.code === 200)).toBe(true);
    const after = await db().selectFrom('comments').select(['like_count', 'oppose_count']).where('id', '=', comment.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ like_count: 149, oppose_count: 51 });
  });

  it(`limits a member to ${COMMENTS_PER_MINUTE} comments a minute`, async () => {
    const m = await writer();
    const video = await freshVideo();
    const codes: number[] = [];
    for (let i = 0; i <= COMMENTS_PER_MINUTE; i++) codes.push((await add(m.token, { contentType: 2, id: video, content: `n${i}` })).envelope.code);
    expect(codes.slice(0, COMMENTS_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes[COMMENTS_PER_MINUTE]).toBe(CODES.TOO_MANY);
    expect((await list({ contentType: 2, id: video })).data.total).toBe(COMMENTS_PER_MINUTE);
    // On a shared Redis the next backend's members have the same ids: leave them a fresh minute.
    await server.app.ctx.stores.counter.clear(`comment:add:${m.id}`);
  });
});
