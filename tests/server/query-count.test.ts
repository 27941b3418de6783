// No N+1: a list call costs the same number of SQL queries for a page of 5 as for a page of 20.
import { beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { CONTENT_API, CONTENT_TYPE } from '../../protocol/content-api.ts';
import { BACKENDS, call, suiteServer, newGuest } from './helpers.ts';

/** Each case: path and body for a page size; `items` picks the list out of the answer. */
interface Case {
  name: string;
  path: string;
  body: (pageSize: number) => object;
  items: (data: never) => unknown[];
}

const list = (data: { list: unknown[] }) => data.list;
const CASES: Case[] = [
  { name: 'video list', path: API.videoList, body: (pageSize) => ({ categoryId: HOME_ID, page: 1, pageSize }), items: list },
  { name: 'performer list', path: CONTENT_API.actressList, body: (pageSize) => ({ page: 1, pageSize, sort: 'hot' }), items: list },
  { name: 'performer list by tag category', path: CONTENT_API.actressList, body: (pageSize) => ({ page: 1, pageSize, tagCateId: 305 }), items: list },
  { name: 'topic list', path: CONTENT_API.topicList, body: (pageSize) => ({ page: 1, pageSize }), items: list },
  {
    name: 'topic detail',
    path: CONTENT_API.topicDetail,
    body: (pageSize) => ({ id: 501, page: 1, pageSize }),
    items: (d: { videos: { list: unknown[] } }) => d.videos.list,
  },
  {
    name: 'tag detail (category)',
    path: CONTENT_API.tagDetail,
    body: (pageSize) => ({ tagCateId: 301, page: 1, pageSize }),
    items: (d: { videos: { list: unknown[] } }) => d.videos.list,
  },
  { name: 'review list', path: CONTENT_API.reviewList, body: (pageSize) => ({ page: 1, pageSize, sort: 'hot' }), items: list },
  { name: 'tag reviews (category)', path: CONTENT_API.tagReviews, body: (pageSize) => ({ tagCateId: 301, page: 1, pageSize }), items: list },
  {
    name: 'search',
    path: CONTENT_API.search,
    body: (pageSize) => ({ keyword: '的', type: 'all', page: 1, pageSize }),
    items: (d: { videos: { list: unknown[] } }) => d.videos.list,
  },
  {
    name: 'post search',
    path: CONTENT_API.search,
    body: (pageSize) => ({ keyword: '的', type: 'post', page: 1, pageSize }),
    items: (d: { posts: { list: unknown[] } }) => d.posts.list,
  },
  { name: 'comment list', path: CONTENT_API.commentList, body: (pageSize) => ({ id: 1001, contentType: CONTENT_TYPE.VIDEO, page: 1, pageSize }), items: list },
  { name: 'favourites', path: CONTENT_API.collectList, body: (pageSize) => ({ contentType: CONTENT_TYPE.VIDEO, page: 1, pageSize }), items: list },
];

describe.each(BACKENDS)('queries per call on $name', (backend) => {
  let counting = false;
  const queries: string[] = [];
  // Caches off: the figures are what the database does for a call, not what a cache spares it.
  // No job workers: their polling of the jobs table would land inside a counted call now and then.
  const server = suiteServer({ backend, env: { MD_CACHES: '0', MD_JOB_WORKERS: '0' }, onQuery: (sql) => counting && queries.push(sql), sweeps: false });
  let token: string;
  beforeAll(async () => {
    token = (await newGuest(server.app)).token;
    for (let id = 1001; id <= 1030; id++) await call(server.app, CONTENT_API.collectAdd, { body: { id, contentType: CONTENT_TYPE.VIDEO }, token });
  });

  async function measure(c: Case, pageSize: number): Promise<{ queries: number; items: number }> {
    queries.length = 0;
    counting = true;
    const r = await call(server.app, c.path, { body: c.body(pageSize), token });
    counting = false;
    expect(r.envelope.code, `${c.name}: ${r.envelope.tip}`).toBe(200);
    return { queries: queries.length, items: c.items(r.data as never).length };
  }

  it.each(CASES)('$name: a page of 20 costs the same queries as a page of 5', async (c) => {
    const small = await measure(c, 5);
    const large = await measure(c, 20);
    expect(small.items).toBe(5);
    expect(large.items).toBeGreaterThan(small.items);
    expect(small.queries).toBeGreaterThan(0);
    expect(large.queries).toBe(small.queries);
    expect(large.queries).toBeLessThanOrEqual(8);
  });

  it('video detail costs a fixed handful of queries whatever the video carries', async () => {
    const counts: number[] = [];
    for (const id of [1001, 1003, 1040]) {
      queries.length = 0;
      counting = true;
      const r = await call(server.app, API.videoDetail, { body: { id }, token });
      counting = false;
      expect(r.envelope.code).toBe(200);
      // Plays are written by a timer once a second; a flush falling inside the call is not its query.
      counts.push(queries.filter((q) => !q.startsWith('UPDATE videos SET play_count')).length);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(8);
  });
});
