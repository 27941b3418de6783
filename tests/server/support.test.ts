import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { SUPPORT_API, type FaqCategory, type FaqEntry, type FeedbackCategory, type FeedbackReceipt } from '../../protocol/support-api.ts';
import { FEEDBACKS_PER_WINDOW, feedbackCounterKeys } from '../../server/routes/support/support-routes.ts';
import { FAQ_CATEGORIES, FEEDBACK_CATEGORIES } from '../../server/seed/support.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer, uploadImages } from './helpers.ts';

/** app.inject's client address: the per-address feedback limit is counted under it. */
const INJECT_ADDRESS = '127.0.0.1';

describe.each(BACKENDS)('FAQ and feedback on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;
  const counter = () => server.app.ctx.stores.counter;
  /** Every caller whose feedback limit a test took, released after it so a shared Redis stays clean. */
  const callers = new Set<number>();

  afterEach(async () => {
    await Promise.all([...callers].map((id) => counter().release(feedbackCounterKeys(id, INJECT_ADDRESS).caller, 1000)));
    callers.clear();
    await counter().release(feedbackCounterKeys(0, INJECT_ADDRESS).address, 1000);
  });

  const categories = async () => (await call<FaqCategory[]>(server.app, SUPPORT_API.questionCate, { body: {} })).data;
  const list = (body: Record<string, unknown>) => call<Page<FaqEntry>>(server.app, SUPPORT_API.questionList, { body: { page: 1, pageSize: 50, ...body } });
  const feedbackCategories = async () => (await call<FeedbackCategory[]>(server.app, SUPPORT_API.feedbackCategory, { body: {} })).data;
  const send = (token: string, userId: number, body: Record<string, unknown>) => {
    callers.add(userId);
    return call<FeedbackReceipt>(server.app, SUPPORT_API.feedbackAdd, { token, body });
  };
  const upload = (token: string, count: number, purpose = 'feedback') => uploadImages(server.app, token, count, purpose);
  const firstCategory = async () => (await feedbackCategories())[0]!.id;
  const stored = (id: number) => db().selectFrom('feedbacks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lists the FAQ categories in order with their question counts', async () => {
    const all = await categories();
    expect(all.map((c) => c.name)).toEqual(FAQ_CATEGORIES.map((c) => c.name));
    expect(all.map((c) => c.questionCount)).toEqual(FAQ_CATEGORIES.map((c) => c.entries.length));
    expect([...all.map((c) => c.sort)].sort((a, b) => a - b)).toEqual(all.map((c) => c.sort));
    for (const c of all) expect(c.questionCount).toBeGreaterThanOrEqual(3);
  });

  it('lists the whole FAQ in reading order and one category on its own', async () => {
    const all = await categories();
    const whole = (await list({})).data;
    const total = FAQ_CATEGORIES.reduce((n, c) => n + c.entries.length, 0);
    expect(whole.total).toBe(total);
    expect(whole.list.map((e) => e.question)).toEqual(FAQ_CATEGORIES.flatMap((c) => c.entries.map((e) => e.question)));

    const playback = all.find((c) => c.name === '播放问题')!;
    const one = (await list({ cateId: playback.id })).data;
    expect(one.total).toBe(playback.questionCount);
    expect(one.list.every((e) => e.cateId === playback.id)).toBe(true);
    expect(one.list.map((e) => e.question)).toEqual(FAQ_CATEGORIES.find((c) => c.name === '播放问题')!.entries.map((e) => e.question));
    // Answers are plain text in paragraphs.
    expect(one.list.some((e) => e.answer.includes('\n\n'))).toBe(true);
    expect(one.list.every((e) => !/<[a-z]/i.test(e.answer))).toBe(true);

    expect((await list({ cateId: 999999 })).data).toMatchObject({ list: [], total: 0, hasMore: false });
    expect((await list({ cateId: 0 })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await list({ extra: 1 })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('searches questions and answers by substring, case-insensitively, wildcards taken literally, paging to the end', async () => {
    // A Chinese word inside a sentence of an answer.
    const quality = (await list({ keyword: '清晰度' })).data;
    expect(quality.total).toBeGreaterThan(0);
    expect(quality.list.every((e) => e.question.includes('清晰度') || e.answer.includes('清晰度'))).toBe(true);
    expect(quality.list.some((e) => e.question.includes('清晰度'))).toBe(true);
    // Latin letters in either case, surrounding blanks ignored.
    const pwa = (await list({ keyword: '  pwa ' })).data;
    expect(pwa.list.map((e) => e.question)).toContain('可以把应用安装到手机桌面吗？');
    // In a category only.
    const all = await categories();
    const privacy = all.find((c) => c.name === '隐私与安全')!;
    const scoped = (await list({ keyword: '账号', cateId: privacy.id })).data;
    expect(scoped.total).toBeGreaterThan(0);
    expect(scoped.list.every((e) => e.cateId === privacy.id)).toBe(true);
    // LIKE wildcards match only themselves.
    for (const keyword of ['%', '_', '\\', '%%清晰度']) expect((await list({ keyword })).data.total, keyword).toBe(0);
    expect((await list({ keyword: '没有这个词' })).data).toMatchObject({ list: [], total: 0 });
    // Blank keyword lists everything.
    expect((await list({ keyword: '   ' })).data.total).toBe((await list({})).data.total);

    // Paging a common word to its end: every entry once, hasMore false on the last page, then an empty page past it.
    const keyword = '账号';
    const first = (await list({ keyword, pageSize: 3 })).data;
    expect(first.total).toBeGreaterThan(3);
    const seen: number[] = [];
    let pageNo = 1;
    for (let p = first; ;) {
      seen.push(...p.list.map((e) => e.id));
      if (!p.hasMore) break;
      pageNo++;
      p = (await list({ keyword, pageSize: 3, page: pageNo })).data;
      expect(p.total).toBe(first.total);
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    const past = (await list({ keyword, pageSize: 3, page: pageNo + 1 })).data;
    expect(past).toMatchObject({ list: [], total: first.total, hasMore: false });
    expect((await list({ keyword: 'x'.repeat(51) })).envelope.code).toBe(CODES.BAD_REQUEST);
  });

  it('lists the feedback categories', async () => {
    expect((await feedbackCategories()).map((c) => c.name)).toEqual(FEEDBACK_CATEGORIES);
  });

  it('takes feedback from a guest, as plain text, with its contact', async () => {
    const guest = await newGuest(server.app);
    const categoryId = await firstCategory();
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> 播放页打不开';
    const res = await send(guest.token, guest.userInfo.id, { categoryId, content: `  ${payload}\n\n第二段  `, contact: '  me@example.com ' });
    expect(res.envelope.code).toBe(200);
    expect(res.data.id).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(res.data.createdAt) - Date.now())).toBeLessThan(60_000);
    const row = await stored(res.data.id);
    expect(row).toMatchObject({
      user_id: guest.userInfo.id,
      category_id: categoryId,
      content: `${payload}\n\n第二段`,
      contact: 'me@example.com',
      images: [],
      status: 'new',
    });
    // No contact: stored as none.
    const bare = await send(guest.token, guest.userInfo.id, { categoryId, content: '好用', contact: '   ' });
    expect((await stored(bare.data.id)).contact).toBeNull();
  });

  it('takes feedback from a member with two screenshots and marks the uploads used', async () => {
    const m = await signUpMember(server.app, 'fb');
    const paths = await upload(m.token, 2);
    const categories = await feedbackCategories();
    const playback = categories.find((c) => c.name === '播放问题')!;
    const res = await send(m.token, m.id, { categoryId: playback.id, content: '第 3 个视频卡在 0:10', images: paths, requestId: 'feedback-req-0001' });
    expect(res.envelope.code).toBe(200);
    const row = await stored(res.data.id);
    expect(row.user_id).toBe(m.id);
    expect(row.images.map((i) => i.path)).toEqual(paths);
    expect(row.images[0]).toMatchObject({ width: 48, height: 30 });
    const uploads = await db().selectFrom('uploads').select(['path', 'referenced']).where('path', 'in', paths).execute();
    expect(uploads.every((u) => u.referenced)).toBe(true);

    // A repeat of the same request answers the first answer and stores nothing more.
    const again = await send(m.token, m.id, { categoryId: playback.id, content: '第 3 个视频卡在 0:10', images: paths, requestId: 'feedback-req-0001' });
    expect(again.data).toEqual(res.data);
    const mine = await db().selectFrom('feedbacks').select('id').where('user_id', '=', m.id).execute();
    expect(mine).toHaveLength(1);
    // Used once: a second feedback cannot take the same screenshots.
    const reused = await send(m.token, m.id, { categoryId: playback.id, content: '再来一次', images: [paths[0]] });
    expect(reused.envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '图片不存在或已被使用，请重新上传' });
  });

  it('refuses bad input with a clear tip and stores nothing', async () => {
    const guest = await newGuest(server.app);
    const other = await newGuest(server.app);
    const m = await signUpMember(server.app, 'fbx');
    const categoryId = await firstCategory();
    const othersUpload = await upload(other.token, 1);
    const avatar = await upload(m.token, 1, 'avatar');
    const cases: [string, Record<string, unknown>, string][] = [
      [guest.token, { categoryId, content: '' }, '请输入反馈内容'],
      [guest.token, { categoryId, content: ' \n\t ' }, '请输入反馈内容'],
      [guest.token, { categoryId, content: '长'.repeat(501) }, '反馈内容不能超过500字'],
      [guest.token, { categoryId, content: '好', contact: 'c'.repeat(101) }, '联系方式不能超过100字'],
      [guest.token, { categoryId: 999999, content: '好' }, '请选择反馈类型'],
      [guest.token, { categoryId, content: '好', images: othersUpload }, '图片不存在或已被使用，请重新上传'],
      [m.token, { categoryId, content: '好', images: avatar }, '图片不存在或已被使用，请重新上传'],
      [guest.token, { categoryId, content: '好', images: ['uploads/nothing.webp'] }, '图片不存在或已被使用，请重新上传'],
    ];
    for (const [token, body, tip] of cases) {
      const res = await send(token, token === m.token ? m.id : guest.userInfo.id, body);
      expect(res.envelope, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: CODES.BAD_REQUEST, tip });
    }
    // Exactly 500 characters (counted in code points) is fine.
    expect((await send(guest.token, guest.userInfo.id, { categoryId, content: '😀'.repeat(500) })).envelope.code).toBe(200);
    // Schema refusals name the field.
    for (const body of [
      { categoryId, content: '好', extra: 1 },
      { content: '好' },
      { categoryId, content: '好', images: ['a', 'b', 'c', 'd'] },
      { categoryId, content: '好', images: ['a', 'a'] },
      { categoryId: '1', content: '好' },
    ]) {
      const res = await send(guest.token, guest.userInfo.id, body);
      expect(res.envelope.code, JSON.stringify(body)).toBe(CODES.BAD_REQUEST);
      expect(res.envelope.tip).toMatch(/^参数错误/);
    }
    // Nothing of the refused ones was stored, and the refused uploads stay unused.
    const rows = await db().selectFrom('feedbacks').select('content').where('user_id', 'in', [guest.userInfo.id, m.id]).execute();
    expect(rows.map((r) => r.content)).toEqual(['😀'.repeat(500)]);
    const refused = await db()
      .selectFrom('uploads')
      .select('referenced')
      .where('path', 'in', [...othersUpload, ...avatar])
      .execute();
    expect(refused.every((u) => !u.referenced)).toBe(true);
    // Without a session there is no sender.
    expect((await call(server.app, SUPPORT_API.feedbackAdd, { body: { categoryId, content: '好' } })).envelope.code).toBe(CODES.LOGIN_INVALID);
  });

  it(`takes ${FEEDBACKS_PER_WINDOW} feedbacks per caller in 10 minutes, then asks to wait`, async () => {
    const guest = await newGuest(server.app);
    const other = await newGuest(server.app);
    const categoryId = await firstCategory();
    for (let i = 0; i < FEEDBACKS_PER_WINDOW; i++) {
      expect((await send(guest.token, guest.userInfo.id, { categoryId, content: `第 ${i + 1} 条` })).envelope.code).toBe(200);
    }
    const refused = await send(guest.token, guest.userInfo.id, { categoryId, content: '第 6 条' });
    expect(refused.envelope).toMatchObject({ code: CODES.TOO_MANY, tip: '提交太频繁，请稍后再试' });
    // Another caller is not held back.
    expect((await send(other.token, other.userInfo.id, { categoryId, content: '我也说一句' })).envelope.code).toBe(200);
    const count = await db().selectFrom('feedbacks').select('id').where('user_id', '=', guest.userInfo.id).execute();
    expect(count).toHaveLength(FEEDBACKS_PER_WINDOW);
  });
});
