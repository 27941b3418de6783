import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/api.ts';
import { BRAND_API, BRAND_TYPES, type BrandDetail, type BrandItem, type BrandType } from '../../protocol/brand-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { brandRepository } from '../../server/db/repositories/brand.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { BRAND_COVER_HEIGHT, BRAND_COVER_WIDTH, BRAND_DEMO, BRAND_FIRST_IDS } from '../../server/seed/brand.ts';
import { BACKENDS, call, KEYS, newGuest, suiteServer } from './helpers.ts';

/** The call that lists each type, and the body fields that choose it. */
const LISTS: Record<BrandType, { path: string; type?: string }> = {
  bubble: { path: BRAND_API.information, type: 'bubble' },
  news: { path: BRAND_API.information, type: 'news' },
  business: { path: BRAND_API.offering, type: 'business' },
  service: { path: BRAND_API.offering, type: 'service' },
  recruitment: { path: BRAND_API.recruitment },
};

describe.each(BACKENDS)('the group area (brand/*) on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;

  const list = (kind: BrandType, body: Record<string, unknown> = {}, token?: string) => {
    const { path, type } = LISTS[kind];
    return call<Page<BrandItem>>(server.app, path, { token, body: { page: 1, pageSize: 50, ...(type ? { type } : {}), ...body } });
  };
  const detail = (id: unknown) => call<BrandDetail>(server.app, BRAND_API.detail, { body: { id } });

  it.each(BRAND_TYPES)('lists every seeded %s item once, newest first, with its cover', async (kind) => {
    const { envelope, data } = await list(kind);
    expect(envelope.code).toBe(200);
    const demo = BRAND_DEMO[kind];
    expect(demo.length).toBeGreaterThanOrEqual(8);
    expect(data).toMatchObject({ page: 1, pageSize: 50, total: demo.length, hasMore: false });
    // Seeded newest first in their order; every item of the asked type.
    expect(data.list.map((i) => i.title)).toEqual(demo.map((d) => d.title));
    expect(data.list.map((i) => i.id)).toEqual(demo.map((_, n) => BRAND_FIRST_IDS[kind] + n));
    const times = data.list.map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const item of data.list) {
      expect(item.type).toBe(kind);
      expect(item.summary.length).toBeGreaterThan(0);
      expect(item.source.length).toBeGreaterThan(0);
      expect(item).toMatchObject({
        cover: `brand/${kind}-${item.id - BRAND_FIRST_IDS[kind] + 1}.png`,
        coverWidth: BRAND_COVER_WIDTH,
        coverHeight: BRAND_COVER_HEIGHT,
      });
      if (kind !== 'recruitment') expect(item.endsAt).toBeNull();
    }
    // Lists carry no body: that is the detail's.
    expect(data.list[0]).not.toHaveProperty('body');
  });

  it('serves each cover as a masked image in the width a slot asks for', async () => {
    const { data } = await list('news', { pageSize: 1 });
    const cover = data.list[0]!.cover;
    for (const w of [320, 640]) {
      const res = await server.app.inject({ method: 'GET', url: `/media/img/${cover}?w=${w}` });
      expect(res.statusCode, `w=${w}`).toBe(200);
      const bytes = new Uint8Array(res.rawPayload);
      // Masked on the wire: unreadable as is, a WebP once unmasked with the image key.
      expect(detectImageType(bytes)).toBeNull();
      const image = unmaskImage(bytes, KEYS.MD_IMAGE_KEY);
      expect(detectImageType(image)).toBe('image/webp');
      expect((await sharp(image).metadata()).width).toBe(w);
    }
  });

  it('tells recruitment calls by when applications close: open, closed already, or open-ended', async () => {
    const { data } = await list('recruitment');
    const now = Date.now();
    const ends = data.list.map((i) => i.endsAt);
    expect(ends.some((e) => e !== null && Date.parse(e) > now)).toBe(true);
    expect(ends.some((e) => e !== null && Date.parse(e) < now)).toBe(true);
    expect(ends.some((e) => e === null)).toBe(true);
  });

  it('pages each call to its end: every item once, hasMore false on the last page, an empty page past it', async () => {
    for (const kind of BRAND_TYPES) {
      const pageSize = 3;
      const seen: number[] = [];
      let pageNo = 1;
      let total = 0;
      for (;;) {
        const { data } = await list(kind, { page: pageNo, pageSize });
        total = data.total;
        expect(data.list.length, `${kind} page ${pageNo}`).toBeLessThanOrEqual(pageSize);
        seen.push(...data.list.map((i) => i.id));
        if (!data.hasMore) break;
        expect(data.list).toHaveLength(pageSize);
        pageNo++;
      }
      expect(pageNo, kind).toBe(Math.ceil(BRAND_DEMO[kind].length / pageSize));
      expect(seen, kind).toHaveLength(total);
      expect(new Set(seen).size, kind).toBe(total);
      const past = (await list(kind, { page: pageNo + 1, pageSize })).data;
      expect(past, kind).toMatchObject({ list: [], page: pageNo + 1, total, hasMore: false });
    }
  });

  it('answers guests and callers without a session alike', async () => {
    const guest = await newGuest(server.app);
    const withToken = await list('bubble', { pageSize: 4 }, guest.token);
    const without = await list('bubble', { pageSize: 4 });
    expect(withToken.envelope.code).toBe(200);
    expect(without.data).toEqual(withToken.data);
  });

  it('answers an item of each type with its whole text, as plain paragraphs', async () => {
    for (const kind of BRAND_TYPES) {
      const first = (await list(kind, { pageSize: 1 })).data.list[0]!;
      const { envelope, data } = await detail(first.id);
      expect(envelope.code, kind).toBe(200);
      expect(data).toMatchObject(first);
      expect(data.body).toBe(BRAND_DEMO[kind][0]!.body.join('\n\n'));
      expect(data.body.split('\n\n').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('answers 1006 for an unknown id and 1005 for a malformed one', async () => {
    for (const id of [999_999, BRAND_FIRST_IDS.bubble - 1, 100_000]) {
      const res = await detail(id);
      expect(res.envelope, String(id)).toMatchObject({ code: CODES.NOT_FOUND, tip: '内容不存在' });
      expect(res.res.statusCode).toBe(200);
    }
    for (const id of [0, -1, 1.5, '3101', null, 2 ** 31]) {
      const res = await detail(id);
      expect(res.envelope.code, JSON.stringify(id)).toBe(CODES.BAD_REQUEST);
      expect(res.envelope.tip).toMatch(/^参数错误/);
    }
    const extra = await call(server.app, BRAND_API.detail, { body: { id: BRAND_FIRST_IDS.news, more: 1 } });
    expect(extra.envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('refuses bad paging, unknown or misplaced types and unknown fields with a clear envelope, never a 500', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [BRAND_API.information, { page: -1, pageSize: 10, type: 'bubble' }],
      [BRAND_API.information, { page: 0, pageSize: 10, type: 'news' }],
      [BRAND_API.information, { page: 1, pageSize: 51, type: 'news' }],
      [BRAND_API.information, { page: 1, pageSize: 0, type: 'news' }],
      [BRAND_API.information, { page: '1', pageSize: 10, type: 'news' }],
      [BRAND_API.information, { page: 1, pageSize: 10, type: 'jobs' }],
      [BRAND_API.information, { page: 1, pageSize: 10, type: 'service' }],
      [BRAND_API.information, { page: 1, pageSize: 10, type: '' }],
      [BRAND_API.information, { page: 1, pageSize: 10 }],
      [BRAND_API.information, { page: 1, pageSize: 10, type: 'news', extra: true }],
      [BRAND_API.offering, { page: 1, pageSize: 10, type: 'news' }],
      [BRAND_API.offering, { page: 1, pageSize: 10, type: 'BUSINESS' }],
      [BRAND_API.offering, { page: 1, pageSize: 1000, type: 'service' }],
      [BRAND_API.offering, { page: 1.5, pageSize: 10, type: 'service' }],
      [BRAND_API.offering, { pageSize: 10, type: 'service' }],
      [BRAND_API.recruitment, { page: -1, pageSize: 10 }],
      [BRAND_API.recruitment, { page: 1, pageSize: 51 }],
      [BRAND_API.recruitment, { page: 1, pageSize: 10, type: 'recruitment' }],
    ];
    for (const [path, body] of cases) {
      const res = await call(server.app, path, { body });
      const label = `${path} ${JSON.stringify(body)}`;
      expect(res.res.statusCode, label).toBe(200);
      expect(res.envelope.code, label).toBe(CODES.BAD_REQUEST);
      expect(res.envelope.tip, label).toMatch(/^参数错误/);
    }
    // A body that is not JSON at all.
    for (const path of [BRAND_API.information, BRAND_API.offering, BRAND_API.recruitment, BRAND_API.detail]) {
      const res = await call(server.app, path, { rawBody: '{"page":1,' });
      expect(res.res.statusCode, path).toBeLessThan(500);
      expect(res.envelope.code, path).toBe(CODES.BAD_REQUEST);
    }
  });

  it('stores and answers text as plain text, markup and line breaks untouched', async () => {
    const title = '<b>标题</b> & "引号"';
    const summary = "<img src=x onerror=alert(1)> 一句话 'summary'";
    const body = '<script>alert(1)</script>\n\n第二段\n第二段的第二行 &amp; <i>斜体</i>';
    const row = await db()
      .insertInto('brand_items')
      .values({
        type: 'news',
        title,
        summary,
        body,
        source: '<em>测试</em>',
        cover: 'brand/news-1.png',
        cover_width: BRAND_COVER_WIDTH,
        cover_height: BRAND_COVER_HEIGHT,
        published_at: new Date(Date.now() + 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      // Operators' items take their ids past the seeded ones.
      expect(row.id).toBeGreaterThan(100_000);
      const first = (await list('news', { pageSize: 1 })).data.list[0]!;
      expect(first).toMatchObject({ id: row.id, title, summary, source: '<em>测试</em>' });
      const got = (await detail(row.id)).data;
      expect(got).toMatchObject({ title, summary, body, type: 'news', endsAt: null });
    } finally {
      await db().deleteFrom('brand_items').where('id', '=', row.id).execute();
    }
  });

  it('seeds once, and an older data folder gains the group area on its next start', async () => {
    expect(await brandRepository(db()).insertDemo([])).toBe(false);
    const total = async () =>
      Number(
        (
          await db()
            .selectFrom('brand_items')
            .select(({ fn }) => fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seeded = Object.values(BRAND_DEMO).reduce((n, items) => n + items.length, 0);
    expect(await total()).toBe(seeded);
    // A data folder from before the group area: no marker, no items.
    await db().deleteFrom('brand_items').execute();
    await db().deleteFrom('app_meta').where('key', '=', 'seeded_brand_at').execute();
    expect(await seedDatabase(server.app.ctx.database)).toBe(true);
    expect(await total()).toBe(seeded);
    expect(await seedDatabase(server.app.ctx.database)).toBe(false);
    expect(await total()).toBe(seeded);
    expect((await list('service')).data.total).toBe(BRAND_DEMO.service.length);
  });
});
