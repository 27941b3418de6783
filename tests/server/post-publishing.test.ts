import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/api.ts';
import {
  CONTENT_API,
  type MyPost,
  type PostAccess,
  type PostCenter,
  type PostDetail,
  type PostItem,
  type PostTag,
  type ReviewItem,
} from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { changeScore } from '../../server/db/repositories/members.ts';
import { POSTS_PER_WINDOW } from '../../server/routes/post/post-routes.ts';
import { POST_TAGS } from '../../server/seed/posts.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer, uploadImages, type Member } from './helpers.ts';

describe.each(BACKENDS)('publishing and paying for posts on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;

  const upload = (token: string, count: number, purpose = 'post') => uploadImages(server.app, token, count, purpose);
  const publish = (token: string, body: Record<string, unknown>) =>
    call<MyPost>(server.app, CONTENT_API.postPublish, { token, body: { images: [], tagIds: [], price: 0, ...body } });
  const feed = (body: Record<string, unknown> = {}, token?: string) =>
    call<Page<PostItem>>(server.app, CONTENT_API.postFeed, { token, body: { page: 1, pageSize: 50, ...body } });
  const detail = (id: number, token?: string) => call<PostDetail>(server.app, CONTENT_API.postDetail, { token, body: { id } });
  const center = (token: string) => call<PostCenter>(server.app, CONTENT_API.postCenter, { token, body: { page: 1, pageSize: 20 } });
  const tags = async () => (await call<PostTag[]>(server.app, CONTENT_API.postTags, { body: {} })).data;
  const pay = (token: string, id: number) => call<PostAccess>(server.app, CONTENT_API.postPay, { token, body: { id } });
  const scoreOf = async (id: number) => (await db().selectFrom('users').select('score').where('id', '=', id).executeTakeFirstOrThrow()).score;
  const clearPublishLimit = (m: Member) => server.app.ctx.stores.counter.release(`post:publish:${m.id}`, 1000);

  it('lists the discussion tags with their post counts and narrows the feed to one, newest or most liked first', async () => {
    const all = await tags();
    expect(all.map((t) => t.name)).toEqual(POST_TAGS);
    const food = all.find((t) => t.name === '美食')!;
    expect(food.postCount).toBeGreaterThan(2);
    const byTag = (await feed({ tagId: food.id })).data;
    expect(byTag.total).toBe(food.postCount);
    expect(byTag.list.every((p) => p.tags.some((t) => t.name === '美食'))).toBe(true);
    const latest = (await feed()).data.list;
    const times = latest.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const hot = (await feed({ sort: 'hot' })).data.list.map((p) => p.likeCount);
    expect([...hot].sort((a, b) => b - a)).toEqual(hot);
    // Seeded pictures come with their sizes; a card gets at most three.
    const pictured = latest.find((p) => p.imageCount > 3)!;
    expect(pictured.images).toHaveLength(3);
    expect(pictured.images[0]).toMatchObject({ imageWidth: 640, imageHeight: 360 });
    expect((await feed({ tagId: 999999 })).data).toMatchObject({ list: [], total: 0 });
    expect((await feed({ sort: 'collect' })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('publishes a post with images and tags as plain text: first in the feed, whole in its page, in the author’s centre', async () => {
    const m = await signUpMember(server.app, 'pp');
    const paths = await upload(m.token, 2);
    const [city, photo] = (await tags()).filter((t) => t.name === '城市' || t.name === '摄影');
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const title = '<img src=x onerror=alert(1)>';
    const written = await publish(m.token, { title: `  ${title}  `, content: `第一段 ${payload}\n\n第二段`, images: paths, tagIds: [photo!.id, city!.id] });
    expect(written.envelope.code).toBe(200);
    expect(written.data).toMatchObject({ title, status: 'published', rejectReason: null, imageCount: 2, price: 0, author: { id: m.id } });
    expect(written.data.tags.map((t) => t.name).sort()).toEqual(['城市', '摄影'].sort());
    const first = (await feed()).data.list[0]!;
    expect(first).toMatchObject({ id: written.data.id, title });
    expect(first.images.map((i) => i.image)).toEqual(paths);
    const page = (await detail(written.data.id)).data;
    expect(page).toMatchObject({ content: `第一段 ${payload}\n\n第二段`, locked: false, status: 'published' });
    expect(page.images.map((i) => [i.image, i.imageWidth, i.imageHeight])).toEqual(paths.map((p) => [p, 48, 30]));
    const mine = (await center(m.token)).data;
    expect(mine.list.map((p) => [p.id, p.status])).toEqual([[written.data.id, 'published']]);
    expect(mine.counts).toEqual({ pending: 0, published: 1, rejected: 0 });
    // The images are now the post's: the sweeper keeps them and no second post can take them.
    const rows = await db().selectFrom('uploads').select('referenced').where('path', 'in', paths).execute();
    expect(rows.map((r) => r.referenced)).toEqual([true, true]);
    expect((await publish(m.token, { title: 't', content: 'c', images: [paths[0]] })).envelope).toMatchObject({
      code: CODES.BAD_REQUEST,
      tip: '图片不存在或已被使用，请重新上传',
    });
  });

  it('refuses bad posts with a clear message and keeps nothing of them', async () => {
    const m = await signUpMember(server.app, 'pb');
    const other = await signUpMember(server.app, 'pb');
    const theirs = await upload(other.token, 1);
    const avatar = await upload(m.token, 1, 'avatar');
    const [mine] = await upload(m.token, 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ', content: 'c' }, '请输入标题'],
      [{ title: '长'.repeat(41), content: 'c' }, '标题不能超过40字'],
      [{ title: 't', content: ' \n ' }, '请输入内容'],
      [{ title: 't', content: '长'.repeat(2001) }, '内容不能超过2000字'],
      [{ title: 't', content: 'c', images: theirs }, '图片不存在或已被使用，请重新上传'],
      [{ title: 't', content: 'c', images: avatar }, '图片不存在或已被使用，请重新上传'],
      [{ title: 't', content: 'c', images: [mine, mine] }, '参数错误'],
      [{ title: 't', content: 'c', tagIds: [999999] }, '话题不存在，请重新选择'],
      [{ title: 't', content: 'c', videoId: 999999 }, '视频不存在'],
    ];
    for (const [body, tip] of cases) {
      const { envelope } = await publish(m.token, body);
      expect(envelope.code, tip).toBe(CODES.BAD_REQUEST);
      expect(envelope.tip, JSON.stringify(body)).toContain(tip);
    }
    for (const body of [{ price: -1 }, { price: 501 }, { images: Array(10).fill('x') }, { tagIds: [1, 2, 3, 4] }, { extra: 1 }]) {
      expect((await publish(m.token, { title: 't', content: 'c', ...body })).envelope.code).toBe(CODES.BAD_REQUEST);
    }
    expect((await center(m.token)).data.total).toBe(0);
    // The upload a refused post named is still free to use.
    expect((await publish(m.token, { title: 't', content: 'c', images: [mine] })).envelope.code).toBe(200);
    const guest = await newGuest(server.app);
    expect((await publish(guest.token, { title: 't', content: 'c' })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await center(guest.token)).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it(`limits a member to ${POSTS_PER_WINDOW} posts in ten minutes`, async () => {
    const m = await signUpMember(server.app, 'pr');
    for (let i = 0; i < POSTS_PER_WINDOW; i++) expect((await publish(m.token, { title: `t${i}`, content: 'c' })).envelope.code).toBe(200);
    expect((await publish(m.token, { title: 'one more', content: 'c' })).envelope).toMatchObject({ code: CODES.TOO_MANY, tip: '发帖太频繁，请稍后再试' });
    await clearPublishLimit(m);
  });

  it('holds new posts as pending when the deployment asks: only the author sees them, with a rejection reason later', async () => {
    const m = await signUpMember(server.app, 'ph');
    const reader = await signUpMember(server.app, 'ph');
    server.app.ctx.config.holdNewPosts = true;
    try {
      const held = (await publish(m.token, { title: '待审核的帖子', content: '内容' })).data;
      expect(held.status).toBe('pending');
      expect((await feed()).data.list.some((p) => p.id === held.id)).toBe(false);
      expect((await detail(held.id, m.token)).data).toMatchObject({ status: 'pending', content: '内容' });
      expect((await detail(held.id, reader.token)).envelope.code).toBe(CODES.NOT_FOUND);
      expect((await detail(held.id)).envelope.code).toBe(CODES.NOT_FOUND);
      await db().updateTable('posts').set({ status: 'rejected', reject_reason: '图片与内容无关' }).where('id', '=', held.id).execute();
      const second = (await publish(m.token, { title: '第二篇', content: '内容' })).data;
      const mine = (await center(m.token)).data;
      expect(mine.list.map((p) => [p.id, p.status, p.rejectReason])).toEqual([
        [second.id, 'pending', null],
        [held.id, 'rejected', '图片与内容无关'],
      ]);
      expect(mine.counts).toEqual({ pending: 1, published: 0, rejected: 1 });
      expect((await center(reader.token)).data.total).toBe(0);
      expect((await pay(reader.token, second.id)).envelope.code).toBe(CODES.NOT_FOUND);
    } finally {
      server.app.ctx.config.holdNewPosts = false;
    }
  });

  it('locks a paid post until a member pays: points deducted once under 50 racing payments, the author credited once', async () => {
    const author = await signUpMember(server.app, 'pa');
    const buyer = await signUpMember(server.app, 'pa');
    const [picture] = await upload(author.token, 1);
    const body = '这是一篇需要积分解锁的帖子，正文比预览长得多。'.repeat(5);
    const post = (await publish(author.token, { title: '付费帖子', content: body, images: [picture], price: 30 })).data;
    expect(post.price).toBe(30);

    const locked = (await detail(post.id, buyer.token)).data;
    expect(locked).toMatchObject({ locked: true, images: [], imageCount: 1, price: 30 });
    expect(locked.content.length).toBeLessThan(body.length);
    expect(body.startsWith(locked.content.replace(/…$/, ''))).toBe(true);
    expect((await feed({}, buyer.token)).data.list.find((p) => p.id === post.id)!.images).toEqual([]);
    expect((await detail(post.id, author.token)).data).toMatchObject({ locked: false, content: body });
    expect((await call<PostAccess>(server.app, CONTENT_API.postIsLook, { token: buyer.token, body: { id: post.id } })).data).toEqual({
      id: post.id,
      price: 30,
      locked: true,
      paid: false,
      balance: 0,
    });
    expect((await pay(buyer.token, post.id)).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '积分不足，还差30积分' });
    expect(await db().selectFrom('post_purchases').selectAll().where('post_id', '=', post.id).execute()).toEqual([]);

    await changeScore(db(), buyer.id, 100, 'operator', 'test');
    const authorBefore = await scoreOf(author.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(buyer.token, post.id)));
    expect(answers.map((a) => a.envelope.code)).toEqual(Array(50).fill(200));
    expect(answers.every((a) => a.data.locked === false && a.data.paid && a.data.balance === 70)).toBe(true);
    expect(await scoreOf(buyer.id)).toBe(70);
    expect(await scoreOf(author.id)).toBe(authorBefore + 30);
    const log = await db()
      .selectFrom('score_log')
      .select(['user_id', 'delta', 'reason'])
      .where('reason', 'in', ['pay', 'income'])
      .where('user_id', 'in', [buyer.id, author.id])
      .execute();
    expect(log.sort((a, b) => a.delta - b.delta)).toEqual([
      { user_id: buyer.id, delta: -30, reason: 'pay' },
      { user_id: author.id, delta: 30, reason: 'income' },
    ]);
    const open = (await detail(post.id, buyer.token)).data;
    expect(open).toMatchObject({ locked: false, content: body });
    expect(open.images.map((i) => i.image)).toEqual([picture]);
    // Authors read their own paid posts without paying; free posts have nothing to unlock.
    expect((await pay(author.token, post.id)).data).toMatchObject({ locked: false, paid: false });
    const free = (await publish(author.token, { title: '免费', content: 'c' })).data;
    expect((await pay(buyer.token, free.id)).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '这是免费帖子，无需解锁' });
    expect((await pay(buyer.token, 999999)).envelope.code).toBe(CODES.NOT_FOUND);
    await clearPublishLimit(author);
  });

  it('lets racing payments for two posts through only as far as the points go', async () => {
    const author = await signUpMember(server.app, 'pc');
    const buyer = await signUpMember(server.app, 'pc');
    const a = (await publish(author.token, { title: 'a', content: 'c', price: 40 })).data;
    const b = (await publish(author.token, { title: 'b', content: 'c', price: 40 })).data;
    await changeScore(db(), buyer.id, 50, 'operator', 'test');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(buyer.token, i % 2 ? a.id : b.id)));
    const paidFor = new Set(answers.filter((r) => r.envelope.code === 200).map((r) => r.data.id));
    expect(paidFor.size).toBe(1);
    expect(new Set(answers.filter((r) => r.envelope.code !== 200).map((r) => r.envelope.tip))).toEqual(new Set(['积分不足，还差30积分']));
    expect(await scoreOf(buyer.id)).toBe(10);
  });

  it('suggests posts sharing the most tags, never the post itself, and ranks reviews by likes', async () => {
    const [first] = (await feed({ tagId: (await tags()).find((t) => t.name === '美食')!.id })).data.list;
    const liked = (await call<PostItem[]>(server.app, CONTENT_API.postMayLike, { body: { id: first!.id } })).data;
    expect(liked.length).toBeGreaterThan(0);
    expect(liked.some((p) => p.id === first!.id)).toBe(false);
    expect(liked[0]!.tags.some((t) => t.name === '美食')).toBe(true);
    expect((await call<PostItem[]>(server.app, CONTENT_API.postMayLike, { body: {} })).data.length).toBeGreaterThan(0);
    const rank = (await call<ReviewItem[]>(server.app, CONTENT_API.postReviewRank, { body: {} })).data;
    expect(rank.length).toBe(10);
    const likes = rank.map((r) => r.likeCount);
    expect([...likes].sort((x, y) => y - x)).toEqual(likes);
  });
});
