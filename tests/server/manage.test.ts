// Manage (issue 14): operators add, edit and remove every kind of content through the admin API
// (an operator's signed calls) and the command-line tool; each change shows through the public API
// at once, is refused to members and guests, is refused while something points at what it removes,
// stays exact under racing writers, and is in the audit log.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_API, MANAGE_KINDS, OPERATORS_ONLY_TIP, type AuditEntry } from '../../protocol/admin-api.ts';
import { API, HOME_ID, type AppConfig, type Page } from '../../protocol/api.ts';
import type { OperatorChange } from '../../protocol/contracts/admin.ts';
import type {
  AdItem,
  AnnouncementItem,
  BannerItem,
  FaqItem,
  HotSearchItem,
  ManageRemoved,
  MenuItem,
  PerformerItem,
  PrizeItem,
  TagCategoryItem,
  TagItem,
  TopicItem,
} from '../../protocol/contracts/manage.ts';
import { CONTENT_API, type ActressDetail, type HomeIndex, type HotSearchList, type TagCategory, type TopicDetail } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { MEMBER_API, type CheckinOverview, type MessageItem } from '../../protocol/member-api.ts';
import { SUPPORT_API } from '../../protocol/support-api.ts';
import { COMMANDS } from '../../server/cli/commands/index.ts';
import { injectClient } from '../../server/cli/connect.ts';
import { runCli } from '../../server/cli/framework.ts';
import { variantPath, widthsFor } from '../../server/media/variants.ts';
import { BACKENDS, call, KEYS, newGuest, SHARED_MEDIA_DIR, signUpMember, suiteServer, type Member } from './helpers.ts';

const sink = () => {
  const chunks: string[] = [];
  return { write: (text: string) => chunks.push(text), text: () => chunks.join('') };
};

/** A small picture, distinct per colour, as base64. */
const picture = async (width = 700, height = 400, colour = '#3366cc') =>
  (
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64');

describe.each(BACKENDS)('manage on $name', (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;
  let op: Member;
  let files: string;

  async function md<T = unknown>(...argv: string[]): Promise<{ code: number; data: T; stderr: string }> {
    const stdout = sink();
    const stderr = sink();
    const code = await runCli(COMMANDS, [...argv, '--json'], { stdout, stderr, env: {} }, async () => injectClient(server.app, 'tester', 'test app'));
    return { code, data: JSON.parse(stdout.text()) as T, stderr: stderr.text() };
  }

  beforeAll(async () => {
    op = await signUpMember(server.app, 'manager');
    expect((await md<OperatorChange>('operator', 'grant', op.account)).code).toBe(0);
    files = mkdtempSync(join(tmpdir(), 'md-manage-'));
  });
  afterAll(() => rmSync(files, { recursive: true, force: true }));

  /** An operator's signed call; answers the envelope and the decrypted data. */
  const admin = <T>(path: string, body: unknown, token = op.token) => call<T>(server.app, path, { token, body });
  const ok = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await admin<T>(path, body);
    expect(res.envelope, JSON.stringify(res.envelope)).toMatchObject({ code: 200, hash: true });
    return res.data;
  };
  const publicCall = async <T>(path: string, body: unknown = {}, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<T> => {
    const guest = token ?? (await newGuest(server.app)).token;
    const res = await call<T>(server.app, path, { token: guest, method, ...(method === 'POST' && { body }) });
    expect(res.envelope.code, JSON.stringify(res.envelope)).toBe(200);
    return res.data;
  };
  const config = () => publicCall<AppConfig>(API.config, undefined, undefined, 'GET');
  const audits = async (action: string) => (await md<Page<AuditEntry>>('audit', 'list', '--action', action, '--size', '50')).data.list;

  it('refuses every Manage call to guests and members with 1007, before the body is read', async () => {
    const guest = await newGuest(server.app);
    const member = await signUpMember(server.app, 'plain');
    for (const kind of MANAGE_KINDS) {
      for (const action of ['list', 'add', 'edit', 'remove'] as const) {
        for (const token of [guest.token, member.token]) {
          expect((await admin(MANAGE_API[kind][action], { nonsense: true }, token)).envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: OPERATORS_ONLY_TIP });
        }
      }
    }
  });

  it('answers bad input with 1005 naming what is wrong, never 500', async () => {
    const cases: [string, unknown][] = [
      [MANAGE_API.tag.add, { name: '', categoryId: 301 }],
      [MANAGE_API.tag.add, { name: '   ', categoryId: 301 }],
      [MANAGE_API.tag.add, { name: 'x', categoryId: 999999 }],
      [MANAGE_API.tag.add, { name: 'x', categoryId: 301, extra: 1 }],
      [MANAGE_API.menu.add, { name: '坏', bindType: 9 }],
      [MANAGE_API.menu.add, { name: '坏', bindType: 3, bindInt: 999999 }],
      [MANAGE_API.menu.add, { name: '坏', bindType: 4, bindStr: 'javascript:alert(1)' }],
      [MANAGE_API.ad.add, { position: 'nowhere', title: 't', link: 'https://example.com', imageData: await picture(64, 64) }],
      [
        MANAGE_API.ad.add,
        { position: 'home_list', title: 't', link: 'https://example.com', imageData: Buffer.from('not a picture at all').toString('base64') },
      ],
      [MANAGE_API.topic.add, { title: 't', type: 8, coverData: await picture(64, 64) }],
      [MANAGE_API.prize.add, { days: 0, points: 10 }],
      [MANAGE_API.performer.add, { name: 'x', avatarData: await picture(64, 64), coverData: await picture(64, 64), tagIds: [401] }],
    ];
    for (const [path, body] of cases) {
      const res = await admin(path, body);
      expect(res.envelope.code, `${path} ${JSON.stringify(res.envelope)}`).toBe(CODES.BAD_REQUEST);
      expect(res.envelope.tip.length).toBeGreaterThan(2);
    }
    expect((await admin(MANAGE_API.tag.edit, { id: 999999, name: 'x' })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await admin(MANAGE_API.tag.edit, { id: 401 })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '没有要修改的字段' });
    expect((await admin(MANAGE_API.tag.remove, { id: 999999 })).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: '标签 999999 不存在' });
  });

  it('performers: added with pictures stored masked in their widths, edited, and removed, each shown by actress/detail at once', async () => {
    const [performerTag] = await db().selectFrom('tags').select(['id', 'item_count']).where('content_type', '=', 8).orderBy('id').limit(1).execute();
    const added = await ok<PerformerItem>(MANAGE_API.performer.add, {
      name: '  新演员 ',
      intro: '一句话',
      avatarData: await picture(300, 300),
      coverData: await picture(700, 400, '#cc6633'),
      tagIds: [performerTag!.id],
    });
    expect(added).toMatchObject({ name: '新演员', intro: '一句话', bio: '', tagIds: [performerTag!.id], coverWidth: 700, coverHeight: 400, videoCount: 0 });
    expect(added.id).toBeGreaterThan(100000);
    // Masked WebP at full size and at the stored widths below it.
    const stored = join(SHARED_MEDIA_DIR, 'img', added.cover);
    expect(detectImageType(unmaskImage(readFileSync(stored), KEYS.MD_IMAGE_KEY))).toBe('image/webp');
    for (const w of widthsFor(700)) expect(existsSync(variantPath(stored, w)), `width ${w}`).toBe(true);
    const tagAfter = await db().selectFrom('tags').select('item_count').where('id', '=', performerTag!.id).executeTakeFirstOrThrow();
    expect(tagAfter.item_count).toBe(performerTag!.item_count + 1);

    let detail = await publicCall<ActressDetail>(CONTENT_API.actressDetail, { id: added.id });
    expect(detail).toMatchObject({ name: '新演员', cover: added.cover });

    const oldCover = added.cover;
    const edited = await ok<PerformerItem>(MANAGE_API.performer.edit, {
      id: added.id,
      bio: '新的介绍',
      coverData: await picture(500, 300, '#22aa44'),
      tagIds: [],
    });
    expect(edited).toMatchObject({ name: '新演员', bio: '新的介绍', tagIds: [], coverWidth: 500 });
    expect(existsSync(join(SHARED_MEDIA_DIR, 'img', oldCover))).toBe(false);
    detail = await publicCall<ActressDetail>(CONTENT_API.actressDetail, { id: added.id });
    expect(detail).toMatchObject({ bio: '新的介绍', cover: edited.cover });
    expect((await db().selectFrom('tags').select('item_count').where('id', '=', performerTag!.id).executeTakeFirstOrThrow()).item_count).toBe(
      performerTag!.item_count,
    );

    const removed = await ok<ManageRemoved>(MANAGE_API.performer.remove, { id: added.id });
    expect(removed).toMatchObject({ id: added.id, removed: true });
    expect((await call(server.app, CONTENT_API.actressDetail, { token: op.token, body: { id: added.id } })).envelope.code).toBe(CODES.NOT_FOUND);
    expect((await audits('performer.edit'))[0]).toMatchObject({
      actor: `member:${op.account}`,
      operatorId: op.id,
      targetId: String(added.id),
      details: { bio: '新的介绍' },
    });
    expect((await audits('performer.add'))[0]!.details).not.toHaveProperty('avatarData');
  });

  it('refuses to remove a performer with videos, saying how many', async () => {
    const row = await db()
      .selectFrom('video_actresses as va')
      .innerJoin('actresses as a', 'a.id', 'va.actress_id')
      .select(['a.id', 'a.name', sql<string>`count(*)`.as('n')])
      .groupBy(['a.id', 'a.name'])
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    const res = await admin(MANAGE_API.performer.remove, { id: row.id });
    expect(res.envelope.code).toBe(CODES.ALREADY_DONE);
    // The seed's banners lead to some performers too; the message names them after the videos.
    expect(res.envelope.tip).toMatch(new RegExp(`^演员「${row.name}」仍被${Number(row.n)} 个视频(、横幅「[^」]+」（\\d+）)*使用，不能删除$`));
  });

  it('tags and tag categories: added, renamed and removed, shown by tag/list; removal refused while videos, menus or tags point at them', async () => {
    const category = await ok<TagCategoryItem>(MANAGE_API.tagcategory.add, { name: '地区', contentType: 2, sort: 9 });
    const tag = await ok<TagItem>(MANAGE_API.tag.add, { name: '江南', categoryId: category.id });
    expect(tag).toMatchObject({ categoryId: category.id, categoryName: '地区', contentType: 2, itemCount: 0 });
    expect((await admin(MANAGE_API.tag.add, { name: '江南', categoryId: category.id })).envelope).toMatchObject({
      code: CODES.ALREADY_DONE,
      tip: '该分类下已有标签「江南」',
    });
    const listed = async () => (await publicCall<TagCategory[]>(CONTENT_API.tagList, { contentType: 2 })).find((c) => c.id === category.id);
    expect((await listed())?.tags.map((t) => t.name)).toEqual(['江南']);
    await ok<TagItem>(MANAGE_API.tag.edit, { id: tag.id, name: '江南水乡' });
    expect((await listed())?.tags.map((t) => t.name)).toEqual(['江南水乡']);

    // A category that holds a tag, and a tag a menu item leads to, stay.
    expect((await admin(MANAGE_API.tagcategory.remove, { id: category.id })).envelope).toMatchObject({
      code: CODES.ALREADY_DONE,
      tip: '标签分类「地区」仍被1 个标签使用，不能删除',
    });
    const item = await ok<MenuItem>(MANAGE_API.menu.add, { name: '江南', bindType: 3, bindInt: tag.id, sort: 50 });
    expect((await admin(MANAGE_API.tag.remove, { id: tag.id })).envelope).toMatchObject({
      code: CODES.ALREADY_DONE,
      tip: `标签「江南水乡」仍被菜单「江南」（${item.id}）使用，不能删除`,
    });
    await ok(MANAGE_API.menu.remove, { id: item.id });
    await ok(MANAGE_API.tag.remove, { id: tag.id });
    await ok(MANAGE_API.tagcategory.remove, { id: category.id });
    expect(await listed()).toBeUndefined();

    // A seeded tag on videos.
    const used = await db()
      .selectFrom('video_tags as vt')
      .innerJoin('tags as t', 't.id', 'vt.tag_id')
      .select(['t.id', 't.name', sql<string>`count(*)`.as('n')])
      .groupBy(['t.id', 't.name'])
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    const refused = await admin(MANAGE_API.tag.remove, { id: used.id });
    expect(refused.envelope.code).toBe(CODES.ALREADY_DONE);
    expect(refused.envelope.tip).toMatch(new RegExp(`^标签「${used.name}」仍被${Number(used.n)} 个视频`));
  });

  it('topics of every display type: added with videos, edited and removed, shown by topic/detail; refused while a banner leads to it', async () => {
    const videos = (await db().selectFrom('videos').select('id').where('listed', '=', true).orderBy('id').limit(3).execute()).map((v) => v.id);
    for (const type of [1, 2, 3, 4, 5, 6, 7]) {
      const topic = await ok<TopicItem>(MANAGE_API.topic.add, { title: `专题 ${type}`, type, coverData: await picture(320, 180), videoIds: videos });
      const detail = await publicCall<TopicDetail>(CONTENT_API.topicDetail, { id: topic.id, page: 1, pageSize: 10 });
      expect(detail).toMatchObject({ title: `专题 ${type}`, type, videoCount: 3 });
      expect(detail.videos.list.map((v) => v.id).sort()).toEqual([...videos].sort());
      await ok(MANAGE_API.topic.remove, { id: topic.id });
    }
    const topic = await ok<TopicItem>(MANAGE_API.topic.add, { title: '夏日', type: 1, coverData: await picture(320, 180), videoIds: videos });
    const edited = await ok<TopicItem>(MANAGE_API.topic.edit, { id: topic.id, type: 6, videoIds: [videos[0]!] });
    expect(edited).toMatchObject({ type: 6, videoIds: [videos[0]] });
    expect((await publicCall<TopicDetail>(CONTENT_API.topicDetail, { id: topic.id, page: 1, pageSize: 10 })).type).toBe(6);

    const banner = await ok<BannerItem>(MANAGE_API.banner.add, { name: '夏日横幅', imageData: await picture(960, 400), bindType: 2, bindInt: topic.id });
    expect(banner).toMatchObject({ categoryId: HOME_ID, bindType: 2, bindInt: topic.id, imageWidth: 960 });
    const home = await publicCall<HomeIndex>(CONTENT_API.homeIndex, { categoryId: HOME_ID });
    expect(home.banners.find((b) => b.id === banner.id)).toMatchObject({ name: '夏日横幅', bindType: 2, bindInt: topic.id, image: banner.image });
    expect((await admin(MANAGE_API.topic.remove, { id: topic.id })).envelope).toMatchObject({
      code: CODES.ALREADY_DONE,
      tip: `专题「夏日」仍被横幅「夏日横幅」（${banner.id}）使用，不能删除`,
    });
    await ok(MANAGE_API.banner.edit, { id: banner.id, name: '秋日横幅', bindType: 0 });
    expect((await publicCall<HomeIndex>(CONTENT_API.homeIndex, { categoryId: HOME_ID })).banners.find((b) => b.id === banner.id)).toMatchObject({
      name: '秋日横幅',
      bindType: 0,
    });
    await ok(MANAGE_API.topic.remove, { id: topic.id });
    await ok(MANAGE_API.banner.remove, { id: banner.id });
    expect((await publicCall<HomeIndex>(CONTENT_API.homeIndex, { categoryId: HOME_ID })).banners.some((b) => b.id === banner.id)).toBe(false);
  });

  it('header menus and ads: ping/config shows each change at once', async () => {
    const before = await config();
    expect(before.headerMenus.map((m) => m.name)).toContain('推荐');
    const item = await ok<MenuItem>(MANAGE_API.menu.add, { name: '专题', bindType: 4, bindStr: '/topics', jumpType: 1, sort: 99 });
    expect((await config()).headerMenus.at(-1)).toMatchObject({ id: item.id, name: '专题', bindType: 4, bindStr: '/topics', jumpType: 1 });
    await ok(MANAGE_API.menu.edit, { id: item.id, name: '美食', bindType: 1, bindInt: 103 });
    expect((await config()).headerMenus.find((m) => m.id === item.id)).toMatchObject({ name: '美食', bindType: 1, bindInt: 103, bindStr: '' });
    await ok(MANAGE_API.menu.remove, { id: item.id });
    expect((await config()).headerMenus.some((m) => m.id === item.id)).toBe(false);

    const ad = await ok<AdItem>(MANAGE_API.ad.add, {
      position: 'home_list',
      title: '新广告',
      link: 'https://example.com/new',
      linkField: 'url',
      imageData: await picture(640, 200),
    });
    expect((await config()).advertise.find((a) => a.id === ad.id)).toMatchObject({
      title: '新广告',
      url: 'https://example.com/new',
      imageWidth: 640,
      imageHeight: 200,
    });
    expect((await call(server.app, API.advertiseClick, { token: op.token, body: { id: ad.id } })).envelope.code).toBe(200);
    await ok(MANAGE_API.ad.edit, { id: ad.id, link: '/topics', linkField: 'href' });
    expect((await config()).advertise.find((a) => a.id === ad.id)).toMatchObject({ href: '/topics' });
    expect(await ok<ManageRemoved>(MANAGE_API.ad.remove, { id: ad.id })).toMatchObject({ alsoRemoved: { clicks: 1 } });
    expect((await config()).advertise.some((a) => a.id === ad.id)).toBe(false);
  });

  it("announcements reach every member's /sysMsg under 公告; edits and removal too", async () => {
    const member = await signUpMember(server.app, 'reader');
    const notices = async () =>
      (await publicCall<Page<MessageItem>>(MEMBER_API.messageList, { type: 1, page: 1, pageSize: 50 }, member.token)).list.filter((m) =>
        m.title.startsWith('维护'),
      );
    const added = await ok<AnnouncementItem>(MANAGE_API.announcement.add, { title: '维护通知', content: '今晚 23:00 维护。' });
    expect((await notices()).map((m) => [m.id, m.content])).toEqual([[added.id, '今晚 23:00 维护。']]);
    await ok(MANAGE_API.announcement.edit, { id: added.id, content: '改到明晚。' });
    expect((await notices())[0]?.content).toBe('改到明晚。');
    await ok(MANAGE_API.announcement.remove, { id: added.id });
    expect(await notices()).toEqual([]);
  });

  it('FAQ entries, hot searches and check-in prizes: shown by question/list, hotsearch/list and checkin/prize', async () => {
    const cate = await db().selectFrom('faq_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const entry = await ok<FaqItem>(MANAGE_API.faq.add, { categoryId: cate.id, question: '如何联系运营？', answer: '在联系我们页面留言。' });
    const faq = async () =>
      (await publicCall<Page<{ id: number; answer: string }>>(SUPPORT_API.questionList, { page: 1, pageSize: 50, keyword: '如何联系运营' })).list;
    expect((await faq()).map((f) => f.id)).toEqual([entry.id]);
    await ok(MANAGE_API.faq.edit, { id: entry.id, answer: '发邮件给我们。' });
    expect((await faq())[0]?.answer).toBe('发邮件给我们。');
    await ok(MANAGE_API.faq.remove, { id: entry.id });
    expect(await faq()).toEqual([]);

    const hot = await ok<HotSearchItem>(MANAGE_API.hotsearch.add, { keyword: '露营', heat: 99_000_000 });
    expect((await publicCall<HotSearchList>(CONTENT_API.hotsearchList)).list[0]).toMatchObject({ keyword: '露营' });
    await ok(MANAGE_API.hotsearch.edit, { id: hot.id, keyword: '夜间露营' });
    expect((await publicCall<HotSearchList>(CONTENT_API.hotsearchList)).list[0]).toMatchObject({ keyword: '夜间露营' });
    await ok(MANAGE_API.hotsearch.remove, { id: hot.id });
    expect((await publicCall<HotSearchList>(CONTENT_API.hotsearchList)).list.some((h) => h.keyword === '夜间露营')).toBe(false);

    const member = await signUpMember(server.app, 'checker');
    const prizes = async () => (await publicCall<CheckinOverview>(MEMBER_API.checkinPrize, {}, member.token)).prizes;
    const prize = await ok<PrizeItem>(MANAGE_API.prize.add, { days: 10, points: 80 });
    expect((await prizes()).map((p) => [p.days, p.points])).toEqual([
      [3, 20],
      [7, 50],
      [10, 80],
      [15, 120],
      [28, 300],
    ]);
    await ok(MANAGE_API.prize.edit, { id: prize.id, points: 90 });
    expect((await prizes()).find((p) => p.id === prize.id)?.points).toBe(90);
    expect((await admin(MANAGE_API.prize.edit, { id: prize.id, days: 7 })).envelope).toMatchObject({
      code: CODES.ALREADY_DONE,
      tip: '已有连续签到 7 天的奖励',
    });
    await ok(MANAGE_API.prize.remove, { id: prize.id });
    expect((await prizes()).some((p) => p.id === prize.id)).toBe(false);
  });

  it('stays exact under racing writers: one hot search of a keyword, one prize per run, tag counts moved once per performer', async () => {
    const hots = await Promise.all(Array.from({ length: 8 }, () => admin<HotSearchItem>(MANAGE_API.hotsearch.add, { keyword: '同时添加', heat: 1 })));
    expect(hots.filter((r) => r.envelope.code === 200)).toHaveLength(1);
    expect(hots.filter((r) => r.envelope.code === CODES.ALREADY_DONE).every((r) => r.envelope.tip === '热搜词「同时添加」已存在')).toBe(true);
    expect(hots.every((r) => r.envelope.code === 200 || r.envelope.code === CODES.ALREADY_DONE)).toBe(true);

    const prizes = await Promise.all(Array.from({ length: 8 }, (_, i) => admin<PrizeItem>(MANAGE_API.prize.add, { days: 21, points: 10 + i })));
    expect(prizes.filter((r) => r.envelope.code === 200)).toHaveLength(1);
    expect((await db().selectFrom('checkin_prizes').select('id').where('days', '=', 21).execute()).length).toBe(1);

    const category = await ok<TagCategoryItem>(MANAGE_API.tagcategory.add, { name: '并发', contentType: 8 });
    const tag = await ok<TagItem>(MANAGE_API.tag.add, { name: '并发标签', categoryId: category.id });
    const avatar = await picture(64, 64);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin<PerformerItem>(MANAGE_API.performer.add, { name: `并发 ${i}`, avatarData: avatar, coverData: avatar, tagIds: [tag.id] }),
      ),
    );
    expect(made.every((r) => r.envelope.code === 200)).toBe(true);
    const count = async () => (await db().selectFrom('tags').select('item_count').where('id', '=', tag.id).executeTakeFirstOrThrow()).item_count;
    expect(await count()).toBe(6);
    const edits = await Promise.all(made.map((r) => admin(MANAGE_API.performer.edit, { id: r.data.id, tagIds: [] })));
    expect(edits.map((r) => r.envelope.code)).toEqual(made.map(() => 200));
    expect(await count()).toBe(0);
    // Renaming two tags to one name at once: the unique index lets one through.
    const other = await ok<TagItem>(MANAGE_API.tag.add, { name: '另一个', categoryId: category.id });
    const renames = await Promise.all([tag, other].map((t) => admin(MANAGE_API.tag.edit, { id: t.id, name: '同名' })));
    expect(renames.map((r) => r.envelope.code).sort((a, b) => a - b)).toEqual([200, CODES.ALREADY_DONE]);
  });

  it('works through the tool: add, list, edit and remove with an image file; refusals exit 1 with the reason; bad arguments exit 2', async () => {
    const png = join(files, 'banner.png');
    writeFileSync(png, Buffer.from(await picture(960, 400), 'base64'));
    const added = await md<BannerItem>('banner', 'add', '--name', '工具横幅', '--image', png, '--bind-type', '4', '--bind-str', 'https://example.com/x');
    expect(added).toMatchObject({ code: 0, data: { name: '工具横幅', bindType: 4, bindStr: 'https://example.com/x', imageWidth: 960 } });
    const listed = await md<Page<BannerItem>>('banner', 'list', '--keyword', '工具横幅');
    expect(listed.data.list.map((b) => b.id)).toEqual([added.data.id]);
    expect((await md<BannerItem>('banner', 'edit', String(added.data.id), '--sort=-5')).data.sort).toBe(-5);
    expect((await md<ManageRemoved>('banner', 'remove', String(added.data.id))).data).toMatchObject({ removed: true });
    expect((await audits('banner.remove'))[0]).toMatchObject({ actor: 'cli:tester', operatorId: null, targetId: String(added.data.id) });

    const category = (await md<TagCategoryItem>('tag-category', 'add', '--name', '工具分类', '--content-type', '2')).data;
    await md('tag', 'add', '--name', '工具标签', '--category', String(category.id));
    const refused = await md('tag-category', 'remove', String(category.id));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('标签分类「工具分类」仍被1 个标签使用，不能删除');

    const usage = async (...argv: string[]) => {
      const r = await md<{ error: { message: string } }>(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      return r.data.error.message;
    };
    expect(await usage('tag', 'add', '--category', '301')).toContain('missing --name <text>');
    expect(await usage('tag', 'add', '--name', 'x', '--category', 'abc')).toContain('--category must be a whole number');
    expect(await usage('menu', 'add', '--name', 'x', '--bind-type', '9')).toContain('--bind-type: must be <= 6');
    expect(await usage('ad', 'add', '--position', 'sky', '--title', 't', '--link', '/x', '--image', png)).toContain('--position: must be one of');
    expect(await usage('performer', 'add', '--name', 'x', '--avatar', join(files, 'missing.png'), '--cover', png)).toContain('--avatar: cannot read');
    expect(await usage('tag', 'edit', '401')).toContain('nothing to change');
    expect(await usage('tag', 'remove', 'x')).toContain('<id> must be a whole number');
    expect(await usage('topic', 'add', '--title', 't', '--type', '1', '--cover', png, '--videos', '1,x')).toContain('--videos');
    expect(await usage('prize', 'add', '--days', '40', '--points', '1')).toContain('--days: must be <= 31');
  });
});
