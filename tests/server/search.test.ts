import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../protocol/envelope.ts';
import { CONTENT_API, type HotSearchList, type SearchResult } from '../../protocol/content-api.ts';
import { containsPattern } from '../../server/db/repositories/search.ts';
import { BACKENDS, call, suiteServer } from './helpers.ts';

describe('LIKE patterns', () => {
  it('takes the wildcards of a keyword literally', () => {
    expect(containsPattern('云海')).toBe('%云海%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe.each(BACKENDS)('search and hot searches on $name', (backend) => {
  const server = suiteServer({ backend });

  const search = (body: unknown) => call<SearchResult>(server.app, CONTENT_API.search, { body });

  it('has an index behind the substring search where the database can build one', async () => {
    const db = server.app.ctx.database.db;
    const indexes = async (table: string) =>
      (await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = ${table}`.execute(db)).rows.map((r) => r.indexname);
    expect(await indexes('tags')).toContain('tags_item_count_idx');
    const trigram = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db)).rows[0]!.n > 0;
    expect(trigram).toBe(backend.name === 'PostgreSQL');
    if (!trigram) return;
    expect(await indexes('videos')).toEqual(expect.arrayContaining(['videos_title_trgm_idx', 'videos_description_trgm_idx']));
    // With sequential scans priced out, a three-character keyword is answered from the trigram index.
    const { rows } = await db.connection().execute(async (c) => {
      await sql`SET enable_seqscan = off`.execute(c);
      try {
        return await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM videos WHERE title ILIKE ${containsPattern('石板路')}`.execute(c);
      } finally {
        await sql`RESET enable_seqscan`.execute(c);
      }
    });
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('videos_title_trgm_idx');
  });

  it('finds a video by a Chinese substring in the middle of its title', async () => {
    const { envelope, data } = await search({ keyword: '青石', type: 'all', page: 1, pageSize: 20 });
    expect(envelope.code).toBe(200);
    expect(data.keyword).toBe('青石');
    expect(data.videos!.list.map((v) => v.title)).toContain('雨后老街的青石板路');
    expect(data.actresses).toEqual({ list: [], page: 1, pageSize: 20, total: 0, hasMore: false });
    expect(data.tags).toEqual([]);
  });

  it('matches descriptions, pages with totals, and answers only the asked section', async () => {
    const first = await search({ keyword: '的', type: 'video', page: 1, pageSize: 5 });
    expect(first.data.videos!.total).toBeGreaterThan(5);
    expect(first.data.videos!.list).toHaveLength(5);
    expect(first.data.videos!.hasMore).toBe(true);
    expect(first.data.actresses).toBeNull();
    const plays = first.data.videos!.list.map((v) => v.playCount);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    const second = await search({ keyword: '的', type: 'video', page: 2, pageSize: 5 });
    const ids = new Set([...first.data.videos!.list, ...second.data.videos!.list].map((v) => v.id));
    expect(ids.size).toBe(10);
    const beyond = await search({ keyword: '的', type: 'video', page: 1000, pageSize: 5 });
    expect(beyond.data.videos).toMatchObject({ list: [], total: first.data.videos!.total, hasMore: false });
  });

  it('treats % and _ as text, and finds nothing for an unknown word', async () => {
    for (const keyword of ['%', '_', 'zzzz-没有这个词']) {
      const { data } = await search({ keyword, type: 'video', page: 1, pageSize: 20 });
      expect(data.videos!.total).toBe(0);
    }
  });

  it('rejects bad input with a clear envelope, never a 500', async () => {
    const bad = [
      {},
      { keyword: '', type: 'all', page: 1, pageSize: 20 },
      { keyword: '   ', type: 'all', page: 1, pageSize: 20 },
      { keyword: 'x'.repeat(51), type: 'all', page: 1, pageSize: 20 },
      { keyword: '云海', type: 'users', page: 1, pageSize: 20 },
      { keyword: '云海', type: 'all', page: 0, pageSize: 20 },
      { keyword: '云海', type: 'all', page: 1, pageSize: 51 },
      { keyword: 12, type: 'all', page: 1, pageSize: 20 },
    ];
    for (const body of bad) {
      const { res, envelope } = await search(body);
      expect(res.statusCode).toBe(200);
      expect(envelope.code).toBe(CODES.BAD_REQUEST);
      expect(envelope.tip).toMatch(/^参数错误/);
    }
  });

  it('lists hot searches in batches of ten and cycles through them', async () => {
    const first = await call<HotSearchList>(server.app, CONTENT_API.hotsearchList, { body: {} });
    expect(first.data.batch).toBe(1);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const heats = first.data.list.map((h) => h.heat);
    expect([...heats].sort((a, b) => b - a)).toEqual(heats);
    const second = await call<HotSearchList>(server.app, CONTENT_API.hotsearchChangeOne, { body: { batch: 1 } });
    expect(second.data.batch).toBe(2);
    expect(second.data.list[0]!.rank).toBe(11);
    const seen = new Set([...first.data.list, ...second.data.list].map((h) => h.keyword));
    expect(seen.size).toBe(20);
    let batch = second.data.batch;
    for (let i = 0; i < 5 && batch !== 1; i++) {
      batch = (await call<HotSearchList>(server.app, CONTENT_API.hotsearchChangeOne, { body: { batch } })).data.batch;
    }
    expect(batch).toBe(1);
    const bad = await call(server.app, CONTENT_API.hotsearchChangeOne, { body: { batch: 'two' } });
    expect(bad.envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('warms a keyword once per caller per day, and only when the search found something', async () => {
    const hot = async () => (await call<HotSearchList>(server.app, CONTENT_API.hotsearchList, { body: {} })).data.list;
    const before = await hot();
    const [top, runnerUp] = [before[0]!, before[1]!];
    const from = (remoteAddress: string) =>
      call(server.app, CONTENT_API.search, { body: { keyword: runnerUp.keyword, type: 'all', page: 1, pageSize: 1 }, remoteAddress });
    for (let i = 0; i < 20; i++) await from('10.1.0.1');
    expect((await hot()).find((h) => h.keyword === runnerUp.keyword)!.heat).toBe(runnerUp.heat + 1);

    for (let i = 0; i < 5; i++) {
      await call(server.app, CONTENT_API.search, { body: { keyword: '无此内容zq', type: 'all', page: 1, pageSize: 1 }, remoteAddress: `10.3.0.${i + 1}` });
    }
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM hot_searches WHERE keyword = '无此内容zq'`.execute(server.app.ctx.database.db);
    expect(Number(rows[0]!.n)).toBe(0);

    // Concurrent searches by one caller still count once.
    await Promise.all(Array.from({ length: 10 }, () => from('10.1.0.2')));
    expect((await hot()).find((h) => h.keyword === runnerUp.keyword)!.heat).toBe(runnerUp.heat + 2);

    for (let i = 0; i <= top.heat - runnerUp.heat; i++) await from(`10.2.${i >> 8}.${i & 255}`);
    expect((await hot())[0]!.keyword).toBe(runnerUp.keyword);
  });
});
