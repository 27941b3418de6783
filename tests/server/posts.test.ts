import { describe, expect, it } from 'vitest';
import { CODES } from '../../protocol/envelope.ts';
import { CONTENT_API, type PostDetail, type SearchResult } from '../../protocol/content-api.ts';
import { EXCERPT_LENGTH, excerptOf } from '../../server/db/repositories/posts.ts';
import { POSTS } from '../../server/seed/posts.ts';
import { BACKENDS, call, suiteServer } from './helpers.ts';

describe('post excerpts', () => {
  it('start at the beginning, or around a match the beginning does not reach', () => {
    expect(excerptOf('第一段\n\n第二段')).toBe('第一段 第二段');
    const long = `${'甲'.repeat(100)}目标${'乙'.repeat(100)}`;
    const around = excerptOf(long, '目标');
    expect(around).toContain('目标');
    expect(around.startsWith('…') && around.endsWith('…')).toBe(true);
    expect(around.length).toBe(EXCERPT_LENGTH + 2);
    expect(excerptOf(long, '没有')).toBe(`${'甲'.repeat(EXCERPT_LENGTH)}…`);
  });
});

describe.each(BACKENDS)('posts on $name', (backend) => {
  const server = suiteServer({ backend });

  const search = (body: unknown) => call<SearchResult>(server.app, CONTENT_API.search, { body });
  const detail = (body: unknown) => call<PostDetail>(server.app, CONTENT_API.postDetail, { body });

  it('finds a post by a Chinese substring inside its title or its body', async () => {
    const byTitle = (await search({ keyword: '装备清', type: 'post', page: 1, pageSize: 10 })).data;
    expect(byTitle.posts!.list.map((p) => p.title)).toEqual(['新手徒步装备清单']);
    expect(byTitle.videos).toBeNull();
    // Only in the body, past the start of the excerpt: the excerpt is cut around the match.
    const byBody = (await search({ keyword: '镜头防抖', type: 'post', page: 1, pageSize: 10 })).data.posts!;
    expect(byBody.total).toBe(1);
    const post = byBody.list[0]!;
    expect(post).toMatchObject({ title: '星空延时摄影的入门设置', contentType: 5, videoId: 1010 });
    expect(post.summary).toContain('镜头防抖');
    expect(post.author.nickname).not.toBe('');
    expect(Date.parse(post.createdAt)).toBeLessThan(Date.now());
  });

  it('fills the posts section of type all with the first page, newest first', async () => {
    const { data } = await search({ keyword: '的', type: 'all', page: 1, pageSize: 5 });
    const posts = data.posts!;
    expect(posts).toMatchObject({ page: 1, pageSize: 5, hasMore: true });
    expect(posts.total).toBeGreaterThan(5);
    expect(posts.list).toHaveLength(5);
    const times = posts.list.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(data.videos!.total).toBeGreaterThan(0);
  });

  it('pages to the end and past it, and takes wildcards literally', async () => {
    const all = (await search({ keyword: '的', type: 'post', page: 1, pageSize: 50 })).data.posts!;
    expect(all.list).toHaveLength(all.total);
    expect(all.hasMore).toBe(false);
    const size = 4;
    const lastPage = Math.ceil(all.total / size);
    const last = (await search({ keyword: '的', type: 'post', page: lastPage, pageSize: size })).data.posts!;
    expect(last).toMatchObject({ page: lastPage, pageSize: size, total: all.total, hasMore: false });
    expect(last.list.map((p) => p.id)).toEqual(all.list.slice((lastPage - 1) * size).map((p) => p.id));
    const before = (await search({ keyword: '的', type: 'post', page: lastPage - 1, pageSize: size })).data.posts!;
    expect(before.hasMore).toBe(true);
    const beyond = (await search({ keyword: '的', type: 'post', page: lastPage + 5, pageSize: size })).data.posts!;
    expect(beyond).toEqual({ list: [], page: lastPage + 5, pageSize: size, total: all.total, hasMore: false });
    for (const keyword of ['%', '_', '\\', 'zzzz-没有这个词']) {
      expect((await search({ keyword, type: 'post', page: 1, pageSize: 10 })).data.posts).toMatchObject({ list: [], total: 0, hasMore: false });
    }
  });

  it('answers a post in full with the video it discusses', async () => {
    const seeded = POSTS.findIndex((p) => p.videoId !== null);
    const id = (await search({ keyword: POSTS[seeded]!.title, type: 'post', page: 1, pageSize: 1 })).data.posts!.list[0]!.id;
    const { envelope, data } = await detail({ id });
    expect(envelope.code).toBe(CODES.OK);
    expect(data.title).toBe(POSTS[seeded]!.title);
    expect(data.content).toBe(POSTS[seeded]!.content);
    expect(data.video).toMatchObject({ id: POSTS[seeded]!.videoId, contentType: 2 });
    const standalone = POSTS.find((p) => p.videoId === null)!;
    const other = (await search({ keyword: standalone.title, type: 'post', page: 1, pageSize: 1 })).data.posts!.list[0]!;
    expect((await detail({ id: other.id })).data).toMatchObject({ videoId: null, video: null, content: standalone.content });
  });

  it('answers 1006 for an unknown post and 1005 for bad input, never a 500', async () => {
    for (const id of [1, 2147483647]) expect((await detail({ id })).envelope.code).toBe(CODES.NOT_FOUND);
    for (const body of [{}, { id: 0 }, { id: -3 }, { id: 1.5 }, { id: '801' }, { id: 2147483648 }, { id: 801, extra: 1 }]) {
      const { res, envelope } = await detail(body);
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(CODES.BAD_REQUEST);
    }
    for (const body of [
      { keyword: '的', type: 'post', page: 0, pageSize: 10 },
      { keyword: '的', type: 'post', page: 1, pageSize: 0 },
      { keyword: '的', type: 'post', page: 1, pageSize: 51 },
      { keyword: '的', type: 'posts', page: 1, pageSize: 10 },
    ]) {
      expect((await search(body)).envelope.code).toBe(CODES.BAD_REQUEST);
    }
  });
});
