import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, HOME_ID, type LoginResult, type Page, type UserInfo, type VideoItem } from '../../protocol/api.ts';
import { CODES } from '../../protocol/envelope.ts';
import {
  MEMBER_API,
  type CheckinOverview,
  type CheckinResult,
  type MessageHasNew,
  type MessageItem,
  type MessageLatest,
  type ScoreEntry,
  type ScoreRank,
  type UserTitle,
} from '../../protocol/member-api.ts';
import { localDay } from '../../server/jobs/local-day.ts';
import { CHECKIN_PRIZES, changeScore, longestRun, monthRange, POINTS_PER_CHECKIN, titleOf } from '../../server/db/repositories/members.ts';
import { ANNOUNCEMENTS } from '../../server/seed/announcements.ts';
import { WELCOME_NOTICE } from '../../server/routes/login/login-routes.ts';
import { BACKENDS, call, newGuest, suiteServer } from './helpers.ts';

const ZONE = 'Asia/Shanghai';

describe('member rules', () => {
  it('finds the longest run of consecutive days, across month ends too', () => {
    expect(longestRun([])).toBe(0);
    expect(longestRun(['2026-03-01'])).toBe(1);
    expect(longestRun(['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05', '2026-03-06'])).toBe(3);
    expect(longestRun(['2026-02-27', '2026-02-28', '2026-03-01'])).toBe(3);
  });

  it('names the months around December and the titles at their thresholds', () => {
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-03-01' });
    expect(titleOf(0)).toMatchObject({ title: { level: 1, name: '新人' }, next: { level: 2, minScore: 100 } });
    expect(titleOf(99).title.level).toBe(1);
    expect(titleOf(100).title).toEqual({ level: 2, name: '见习', minScore: 100 });
    expect(titleOf(799).title.name).toBe('常客');
    expect(titleOf(5000)).toMatchObject({ title: { level: 6, name: '元老' }, next: null });
    expect(titleOf(0).levels.map((l) => l.minScore)).toEqual([0, 100, 300, 800, 2000, 5000]);
  });

  it('takes the day in the deployment zone: 23:59 and 00:01 in Shanghai are two days', () => {
    expect(localDay(new Date('2026-03-01T23:59:00+08:00'), ZONE)).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-02T00:01:00+08:00'), ZONE)).toBe('2026-03-02');
    // The same instants are one UTC day.
    expect(localDay(new Date('2026-03-01T23:59:00+08:00'), 'UTC')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-02T00:01:00+08:00'), 'UTC')).toBe('2026-03-01');
  });
});

interface Member {
  id: number;
  token: string;
}

describe.each(BACKENDS)('members on $name', (backend) => {
  let counting = false;
  const queries: string[] = [];
  // Nothing in the background (sweeps, job workers polling for work) may fall inside a count of a call's queries.
  const server = suiteServer({
    backend,
    env: { MD_TIME_ZONE: ZONE, MD_JOB_WORKERS: '0' },
    onQuery: (sql) => counting && queries.push(sql),
    sweeps: false,
  });
  /** The SQL queries `work` costs (the session lookup of a call included). */
  async function queriesOf(work: () => Promise<unknown>): Promise<number> {
    queries.length = 0;
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return queries.length;
  }
  let address = 0;

  /** A new member account, signed in (each from its own address: sign-ups are limited per address). */
  async function newMember(): Promise<Member> {
    const account = `m_${randomBytes(5).toString('hex')}`;
    const remoteAddress = `10.9.${Math.floor(++address / 250)}.${address % 250}`;
    const created = await call<UserInfo>(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' }, remoteAddress });
    expect(created.envelope.code).toBe(200);
    const login = await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress });
    expect(login.envelope.code).toBe(200);
    return { id: login.data.userInfo.id, token: login.data.token };
  }

  const post = <T>(path: string, token: string, body: unknown = {}) => call<T>(server.app, path, { token, body });
  const overview = (m: Member, month?: string) => post<CheckinOverview>(MEMBER_API.checkinPrize, m.token, month ? { month } : {});
  const click = (m: Member, body: unknown = {}) => post<CheckinResult>(MEMBER_API.checkinClick, m.token, body);
  const claim = (m: Member, id: number) => post<CheckinOverview>(MEMBER_API.checkinGave, m.token, { id });
  const scores = (m: Member, page = 1, pageSize = 20) => post<Page<ScoreEntry>>(MEMBER_API.scoreList, m.token, { page, pageSize });
  const rank = (m: Member, limit?: number) => post<ScoreRank>(MEMBER_API.scoreRank, m.token, limit === undefined ? {} : { limit });
  const title = (m: Member) => post<UserTitle>(MEMBER_API.userTitle, m.token);
  const messages = (m: Member, type: number, page = 1, pageSize = 50) => post<Page<MessageItem>>(MEMBER_API.messageList, m.token, { type, page, pageSize });
  const hasNew = async (m: Member) => (await post<MessageHasNew>(MEMBER_API.messageHasNew, m.token)).data;
  const latest = async (m: Member) => (await post<MessageLatest>(MEMBER_API.messageLatest, m.token)).data;
  const markRead = (m: Member, type: number) => post<MessageHasNew>(MEMBER_API.messageRead, m.token, { type });
  const detail = (m: Member, id: number) => post<MessageItem>(MEMBER_API.messageDetail, m.token, { id });
  const db = () => server.app.ctx.database.db;
  const count = async (table: 'checkins' | 'score_log' | 'checkin_prize_claims', userId: number) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Runs `work` with the server's clock (Date only; timers run) at `iso`. */
  async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  }
  afterEach(() => vi.useRealTimers());

  it('checks in once a day, adds the points once and logs them with the balance', async () => {
    const m = await newMember();
    const today = localDay(new Date(), ZONE);
    const before = (await overview(m)).data;
    expect(before).toMatchObject({ today, month: today.slice(0, 7), days: [], checkedToday: false, streak: 0, total: 0, score: 0, pointsPerDay: 10 });
    expect(before.prizes).toEqual(CHECKIN_PRIZES.map((p) => ({ ...p, claimed: false, claimable: false })));

    const first = await click(m);
    expect(first.envelope.code).toBe(200);
    expect(first.data.earned).toBe(POINTS_PER_CHECKIN);
    expect(first.data.overview).toMatchObject({ today, days: [today], checkedToday: true, streak: 1, total: 1, score: 10 });

    const second = await click(m);
    expect(second.envelope).toMatchObject({ code: CODES.ALREADY_DONE, tip: '今天已经签到过了', data: null });
    expect((await overview(m)).data).toMatchObject({ days: [today], total: 1, score: 10 });

    const history = (await scores(m)).data;
    expect(history).toMatchObject({ total: 1, hasMore: false });
    expect(history.list[0]).toMatchObject({ delta: 10, reason: 'checkin', detail: '', balance: 10 });
    expect(Date.parse(history.list[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await title(m)).data).toMatchObject({ score: 10, title: { level: 1, name: '新人' }, next: { level: 2, name: '见习', minScore: 100 } });
  });

  it('repeats the first answer to a repeated requestId and changes nothing again', async () => {
    const m = await newMember();
    const requestId = `req-${randomBytes(8).toString('hex')}`;
    const first = await click(m, { requestId });
    const again = await click(m, { requestId });
    expect(first.envelope.code).toBe(200);
    expect(again.res.headers['x-idempotent-replay']).toBe('1');
    expect(again.data).toEqual(first.data);
    expect((await click(m)).envelope.code).toBe(CODES.ALREADY_DONE);
    expect(await count('score_log', m.id)).toBe(1);
  });

  it('gives exactly one check-in and one set of points to 200 check-ins at once', async () => {
    const m = await newMember();
    const answers = await Promise.all(Array.from({ length: 200 }, () => click(m)));
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === CODES.ALREADY_DONE)).toHaveLength(199);
    expect(answers.every((a) => a.res.statusCode === 200)).toBe(true);
    expect(await count('checkins', m.id)).toBe(1);
    expect(await count('score_log', m.id)).toBe(1);
    expect((await overview(m)).data).toMatchObject({ total: 1, score: POINTS_PER_CHECKIN });
  }, 120_000);

  it('counts 23:59 and 00:01 in Shanghai as two days, keeps the streak through yesterday, and pays a streak prize once', async () => {
    const m = await newMember();
    const day1 = await at('2026-03-01T23:59:00+08:00', () => click(m));
    expect(day1.data.overview).toMatchObject({ today: '2026-03-01', month: '2026-03', days: ['2026-03-01'], streak: 1 });
    expect((await at('2026-03-01T23:59:40+08:00', () => click(m))).envelope.code).toBe(CODES.ALREADY_DONE);
    const day2 = await at('2026-03-02T00:01:00+08:00', () => click(m));
    expect(day2.envelope.code).toBe(200);
    expect(day2.data.overview).toMatchObject({ today: '2026-03-02', days: ['2026-03-01', '2026-03-02'], streak: 2, total: 2, score: 20 });
    // Not reached yet: 2 days of 3.
    const early = await at('2026-03-02T12:00:00+08:00', () => claim(m, 1));
    expect(early.envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: '连续签到天数还不够' });

    const day3 = await at('2026-03-03T08:00:00+08:00', () => click(m));
    expect(day3.data.overview.streak).toBe(3);
    expect(day3.data.overview.prizes.find((p) => p.id === 1)).toMatchObject({ claimable: true, claimed: false });

    const claimed = await at('2026-03-03T08:01:00+08:00', () => claim(m, 1));
    expect(claimed.envelope.code).toBe(200);
    expect(claimed.data.score).toBe(30 + 20);
    expect(claimed.data.prizes.find((p) => p.id === 1)).toMatchObject({ claimable: false, claimed: true });
    expect(claimed.data.prizes.find((p) => p.id === 2)).toMatchObject({ claimable: false, claimed: false });
    const twice = await at('2026-03-03T08:02:00+08:00', () => claim(m, 1));
    expect(twice.envelope).toMatchObject({ code: CODES.ALREADY_DONE, tip: '这个奖励已经领过了' });
    expect((await at('2026-03-03T08:02:00+08:00', () => claim(m, 2))).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await at('2026-03-03T08:02:00+08:00', () => claim(m, 99))).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: '奖励不存在' });

    // Not checked today: the streak still counts through yesterday; two days later it is gone.
    expect((await at('2026-03-04T09:00:00+08:00', () => overview(m))).data).toMatchObject({ checkedToday: false, streak: 3 });
    expect((await at('2026-03-05T09:00:00+08:00', () => overview(m))).data).toMatchObject({ checkedToday: false, streak: 0, total: 3 });

    // Another month shows its own days; March seen from April shows the claim and offers nothing.
    const april = await at('2026-04-01T09:00:00+08:00', () => overview(m));
    expect(april.data).toMatchObject({ month: '2026-04', days: [], streak: 0 });
    const march = await at('2026-04-01T09:00:00+08:00', () => overview(m, '2026-03'));
    expect(march.data).toMatchObject({ month: '2026-03', days: ['2026-03-01', '2026-03-02', '2026-03-03'], total: 3 });
    expect(march.data.prizes.map((p) => [p.claimed, p.claimable])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    // The run of March does not reach into April's prizes.
    expect((await at('2026-04-01T09:00:00+08:00', () => claim(m, 1))).envelope.code).toBe(CODES.FORBIDDEN);

    const history = (await scores(m)).data.list;
    expect(history.map((e) => [e.reason, e.delta, e.detail, e.balance])).toEqual([
      ['prize', 20, '3', 50],
      ['checkin', 10, '', 30],
      ['checkin', 10, '', 20],
      ['checkin', 10, '', 10],
    ]);
    const paged = (await scores(m, 2, 3)).data;
    expect(paged).toMatchObject({ page: 2, pageSize: 3, total: 4, hasMore: false });
    expect(paged.list.map((e) => e.balance)).toEqual([10]);
  });

  it('pays racing claims of one prize once', async () => {
    const m = await newMember();
    for (const time of ['2026-05-10T10:00:00+08:00', '2026-05-11T10:00:00+08:00', '2026-05-12T10:00:00+08:00']) {
      expect((await at(time, () => click(m))).envelope.code).toBe(200);
    }
    const answers = await at('2026-05-12T11:00:00+08:00', () => Promise.all(Array.from({ length: 50 }, () => claim(m, 1))));
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === CODES.ALREADY_DONE)).toHaveLength(49);
    expect(await count('checkin_prize_claims', m.id)).toBe(1);
    expect(await count('score_log', m.id)).toBe(4);
    expect((await overview(m)).data.score).toBe(30 + 20);
  }, 120_000);

  it('ranks members by points, equal scores by who got there first, never guests', async () => {
    const [a, b, c] = [await newMember(), await newMember(), await newMember()];
    const guest = await newGuest(server.app);
    // A guest holding points (an operator's mistake) still never ranks.
    await changeScore(db(), guest.userInfo.id, 1_000_000, 'operator');
    await changeScore(db(), a.id, 900_000, 'operator');
    await click(b);
    await click(c);
    const board = (await rank(b, 100)).data;
    expect(board.list.length).toBeGreaterThan(3);
    expect(board.list.map((e) => e.rank)).toEqual(board.list.map((_, i) => i + 1));
    expect(board.list.some((e) => e.user.id === guest.userInfo.id)).toBe(false);
    expect(board.list[0]).toMatchObject({ rank: 1, user: { id: a.id }, score: 900_000, title: { level: 6, name: '元老' } });
    const scoresInOrder = board.list.map((e) => e.score);
    expect(scoresInOrder).toEqual([...scoresInOrder].sort((x, y) => y - x));
    const rankOf = (id: number) => board.list.find((e) => e.user.id === id)?.rank;
    expect(board.mine).toEqual(board.list.find((e) => e.user.id === b.id));
    // Both have 10 points; B had them first.
    expect(rankOf(c.id)).toBe(rankOf(b.id)! + 1);

    // Beyond the list: the caller's place is still counted.
    const short = (await rank(c, 1)).data;
    expect(short.list).toHaveLength(1);
    expect(short.mine).toMatchObject({ rank: rankOf(c.id), user: { id: c.id }, score: 10 });
    expect((await rank(c)).data.list.length).toBeLessThanOrEqual(20);

    await changeScore(db(), c.id, 95, 'operator');
    expect((await title(c)).data).toMatchObject({ score: 105, title: { level: 2, name: '见习' }, next: { level: 3, name: '常客', minScore: 300 } });
    expect((await scores(c)).data.list[0]).toMatchObject({ reason: 'operator', delta: 95, balance: 105 });
  });

  describe('messages', () => {
    let a: Member;
    let b: Member;
    let video: VideoItem;
    beforeAll(async () => {
      a = await newMember();
      b = await newMember();
      video = (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 1 } })).data.list[0]!;
    });

    it('greets a new member with one unread notice; the seeded announcements count as read, newest first', async () => {
      expect(await hasNew(a)).toEqual({ hasNew: true, total: 1 });
      const notices = (await messages(a, 1)).data;
      expect(notices.list.map((n) => n.title)).toEqual([WELCOME_NOTICE.title, ...ANNOUNCEMENTS.map((n) => n.title).reverse()]);
      expect(notices.list.map((n) => n.read)).toEqual([false, ...ANNOUNCEMENTS.map(() => true)]);
      expect(notices.list.every((n) => n.type === 1 && n.from === null && n.target === null)).toBe(true);
      // The welcome is a's own: b has its own, and never reads a's.
      expect((await detail(b, notices.list[0]!.id)).envelope.code).toBe(CODES.NOT_FOUND);
      const one = (await detail(a, notices.list[1]!.id)).data;
      expect(one).toEqual(notices.list[1]);
      expect(one.content.length).toBeGreaterThan(40);
      for (const type of [2, 3, 4]) expect((await messages(a, type)).data).toMatchObject({ list: [], total: 0 });
      for (const m of [a, b]) expect((await markRead(m, 1)).data).toEqual({ hasNew: false, total: 0 });
    });

    it('counts a notice written in the same instant as the account as unread (PGlite keeps milliseconds only)', async () => {
      const c = await newMember();
      const db = server.app.ctx.database.db;
      const { created_at } = await db.selectFrom('users').select('created_at').where('id', '=', c.id).executeTakeFirstOrThrow();
      await db.updateTable('messages').set({ created_at }).where('user_id', '=', c.id).execute();
      expect(await hasNew(c)).toEqual({ hasNew: true, total: 1 });
      expect((await messages(c, 1)).data.list[0]).toMatchObject({ title: WELCOME_NOTICE.title, read: false });
    });

    it("keeps each member's messages to themselves, counts unread, and marks a tab read only when asked", async () => {
      const everyone = await server.app.ctx.messages.announce({ title: '维护通知', content: '今晚 2 点到 3 点进行例行维护。' });
      const personal = await server.app.ctx.messages.announce({ title: '账号提醒', content: '你的账号资料已更新。', userId: a.id });
      const comment = await server.app.ctx.messages.notify({
        userId: a.id,
        type: 2,
        fromUserId: b.id,
        target: { contentType: 2, id: video.id, title: video.title },
        content: '拍得真好',
      });
      expect(await server.app.ctx.messages.notify({ userId: a.id, type: 4, fromUserId: a.id, target: { contentType: 2, id: video.id, title: '' } })).toBeNull();
      expect(comment).not.toBeNull();

      expect(await hasNew(a)).toEqual({ hasNew: true, total: 3 });
      expect(await hasNew(b)).toEqual({ hasNew: true, total: 1 });

      const aNotices = (await messages(a, 1)).data.list;
      expect(aNotices.slice(0, 2).map((n) => [n.id, n.read])).toEqual([
        [personal, false],
        [everyone, false],
      ]);
      const bNotices = (await messages(b, 1)).data.list;
      expect(bNotices.map((n) => n.id)).toContain(everyone);
      expect(bNotices.map((n) => n.id)).not.toContain(personal);

      const comments = (await messages(a, 2)).data;
      expect(comments.total).toBe(1);
      expect(comments.list[0]).toMatchObject({
        id: comment,
        type: 2,
        title: '',
        content: '拍得真好',
        from: { id: b.id },
        target: { contentType: 2, id: video.id, title: video.title },
        read: false,
      });
      expect((await messages(b, 2)).data.total).toBe(0);
      expect((await messages(a, 4)).data.total).toBe(0);

      // Announcements only, and only one's own: anything else is "not found".
      expect((await detail(a, personal)).data).toMatchObject({ id: personal, title: '账号提醒', read: false });
      expect((await detail(b, everyone)).data).toMatchObject({ id: everyone, title: '维护通知' });
      for (const [who, id] of [
        [b, personal],
        [b, comment!],
        [a, comment!],
        [a, 2_000_000_000],
      ] as const) {
        expect((await detail(who, id)).envelope).toMatchObject({ code: CODES.NOT_FOUND, tip: '公告不存在' });
      }

      const tabs = await latest(a);
      expect(tabs.map((t) => [t.type, t.unread, t.latest?.id ?? null])).toEqual([
        [1, 2, personal],
        [2, 1, comment],
        [3, 0, null],
        [4, 0, null],
      ]);
      expect(tabs[1]!.latest).toEqual(comments.list[0]);
      // Reading lists, details and the latest marked nothing.
      expect(await hasNew(a)).toEqual({ hasNew: true, total: 3 });

      expect((await markRead(a, 1)).data).toEqual({ hasNew: true, total: 1 });
      expect((await messages(a, 1)).data.list.every((n) => n.read)).toBe(true);
      expect(await hasNew(b)).toEqual({ hasNew: true, total: 1 });
      expect((await markRead(a, 2)).data).toEqual({ hasNew: false, total: 0 });
      expect((await latest(a)).map((t) => t.unread)).toEqual([0, 0, 0, 0]);

      const reply = await server.app.ctx.messages.notify({
        userId: a.id,
        type: 3,
        fromUserId: b.id,
        target: { contentType: 9, id: 1, title: '拍得真好' },
        content: '谢谢',
      });
      expect(await hasNew(a)).toEqual({ hasNew: true, total: 1 });
      expect((await latest(a))[2]).toMatchObject({ type: 3, unread: 1, latest: { id: reply, read: false, from: { id: b.id } } });
      // An older tab's mark does not hide a newer message of another tab.
      expect((await markRead(a, 3)).data).toEqual({ hasNew: false, total: 0 });
      // Marking twice is harmless.
      expect((await markRead(a, 3)).data).toEqual({ hasNew: false, total: 0 });
    });

    it('pages a tab', async () => {
      for (let i = 0; i < 3; i++) {
        await server.app.ctx.messages.notify({ userId: b.id, type: 4, fromUserId: a.id, target: { contentType: 2, id: video.id, title: video.title } });
      }
      const first = (await messages(b, 4, 1, 2)).data;
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3, hasMore: true });
      const second = (await messages(b, 4, 2, 2)).data;
      expect(second).toMatchObject({ total: 3, hasMore: false });
      expect(second.list).toHaveLength(1);
      expect(first.list[0]!.id).toBeGreaterThan(first.list[1]!.id);
      expect(first.list[1]!.id).toBeGreaterThan(second.list[0]!.id);
      expect(second.list[0]).toMatchObject({ content: '', from: { id: a.id }, read: false });
      expect((await messages(b, 4, 9, 2)).data).toMatchObject({ list: [], total: 3, hasMore: false });
    });
  });

  it('costs a fixed handful of queries per call, whatever the page size', async () => {
    const m = await newMember();
    await click(m);
    for (let i = 0; i < 25; i++) {
      await server.app.ctx.messages.notify({
        userId: m.id,
        type: 3,
        fromUserId: (await newGuest(server.app)).userInfo.id,
        target: { contentType: 9, id: i + 1, title: '评论' },
      });
    }
    // The session lookup, then one query for the answer.
    expect(await queriesOf(() => hasNew(m))).toBe(2);
    expect(await queriesOf(() => latest(m))).toBe(2);
    expect(await queriesOf(() => overview(m))).toBe(2);
    expect(await queriesOf(() => title(m))).toBe(1);
    expect(await queriesOf(() => rank(m, 100))).toBe(3);
    expect(await queriesOf(() => messages(m, 3, 1, 5))).toBe(2);
    expect(await queriesOf(() => messages(m, 3, 1, 20))).toBe(2);
    expect(await queriesOf(() => messages(m, 1, 1, 20))).toBe(2);
    expect(await queriesOf(() => scores(m, 1, 5))).toBe(2);
    expect(await queriesOf(() => scores(m, 1, 20))).toBe(2);
  });

  it('refuses guests and callers without a session', async () => {
    const guest = (await newGuest(server.app)).token;
    const calls: [string, unknown][] = [
      [MEMBER_API.checkinPrize, {}],
      [MEMBER_API.checkinClick, {}],
      [MEMBER_API.checkinGave, { id: 1 }],
      [MEMBER_API.scoreList, { page: 1, pageSize: 10 }],
      [MEMBER_API.scoreRank, {}],
      [MEMBER_API.userTitle, {}],
      [MEMBER_API.messageList, { type: 1, page: 1, pageSize: 10 }],
      [MEMBER_API.messageRead, { type: 1 }],
      [MEMBER_API.messageLatest, {}],
      [MEMBER_API.messageHasNew, {}],
      [MEMBER_API.userQrcode, {}],
      [MEMBER_API.userShareqr, {}],
      [MEMBER_API.inviteList, { page: 1, pageSize: 10 }],
      [MEMBER_API.inviteIncome, {}],
      [MEMBER_API.onlineTime, { active: true }],
      [MEMBER_API.isCert, {}],
      [MEMBER_API.workIncome, {}],
      [MEMBER_API.historySync, { items: [] }],
      [MEMBER_API.bindMobile, { country: '+86', mobile: '13800138000', code: '123456' }],
      [MEMBER_API.changeMobile, { country: '+86', mobile: '13800138000', code: '123456' }],
      [MEMBER_API.lockCodeSet, { code: '1234' }],
      [MEMBER_API.lockCodeInfo, {}],
      [MEMBER_API.accountExport, {}],
      [MEMBER_API.accountDelete, { password: 'secret1' }],
    ];
    // Guests read public announcements, and a guest device reads and uses an account card (tests/server/account.test.ts).
    // Phone sign-in and the password reset are for signed-out devices too (tests/server/phone.test.ts).
    const forGuests = [
      MEMBER_API.messageDetail,
      MEMBER_API.userQrcodeInfo,
      MEMBER_API.loginCard,
      MEMBER_API.loginBefore,
      MEMBER_API.loginCaptcha,
      MEMBER_API.loginPhone,
      MEMBER_API.resetPassword,
    ];
    expect([...calls.map(([path]) => path), ...forGuests].sort()).toEqual(Object.values(MEMBER_API).sort());
    for (const [path, body] of calls) {
      expect((await call(server.app, path, { token: guest, body })).envelope, path).toMatchObject({ code: CODES.FORBIDDEN, tip: '请先登录会员账号' });
      expect((await call(server.app, path, { body })).envelope.code, path).toBe(CODES.LOGIN_INVALID);
    }
    // /noticeDetail is a public page: a guest reads an announcement to everyone, never a member's own notice.
    const member = await newMember();
    const everyone = await server.app.ctx.messages.announce({ title: '公开公告', content: '所有人可见。' });
    const personal = await server.app.ctx.messages.announce({ title: '个人通知', content: '只给一位会员。', userId: member.id });
    expect((await call(server.app, MEMBER_API.messageDetail, { token: guest, body: { id: everyone } })).envelope).toMatchObject({ code: CODES.OK });
    expect((await call(server.app, MEMBER_API.messageDetail, { token: guest, body: { id: personal } })).envelope).toMatchObject({ code: CODES.NOT_FOUND });
    expect((await call(server.app, MEMBER_API.messageDetail, { body: { id: everyone } })).envelope.code).toBe(CODES.LOGIN_INVALID);
    expect(await count('checkins', (await newGuest(server.app)).userInfo.id)).toBe(0);
  });

  it('answers bad input with an envelope error, never 500', async () => {
    const m = await newMember();
    const bad: [string, unknown, number?][] = [
      [MEMBER_API.checkinPrize, { month: '2026-13' }],
      [MEMBER_API.checkinPrize, { month: '2026-00' }],
      [MEMBER_API.checkinPrize, { month: '0000-01' }],
      [MEMBER_API.checkinPrize, { month: '2026-1' }],
      [MEMBER_API.checkinPrize, { month: 202601 }],
      [MEMBER_API.checkinPrize, { month: '2026-01', extra: 1 }],
      [MEMBER_API.checkinClick, { nope: true }],
      [MEMBER_API.checkinGave, {}],
      [MEMBER_API.checkinGave, { id: 'x' }],
      [MEMBER_API.checkinGave, { id: 0 }],
      [MEMBER_API.checkinGave, { id: 1.5 }],
      [MEMBER_API.checkinGave, { id: 99 }, CODES.NOT_FOUND],
      [MEMBER_API.checkinGave, { id: 2_147_483_647 }, CODES.NOT_FOUND],
      [MEMBER_API.scoreList, { page: 0, pageSize: 10 }],
      [MEMBER_API.scoreList, { page: 1, pageSize: 51 }],
      [MEMBER_API.scoreList, { page: '1', pageSize: 10 }],
      [MEMBER_API.scoreRank, { limit: 0 }],
      [MEMBER_API.scoreRank, { limit: 101 }],
      [MEMBER_API.scoreRank, { limit: 'ten' }],
      [MEMBER_API.userTitle, { x: 1 }],
      [MEMBER_API.messageList, { type: 5, page: 1, pageSize: 10 }],
      [MEMBER_API.messageList, { type: 0, page: 1, pageSize: 10 }],
      [MEMBER_API.messageList, { type: '1', page: 1, pageSize: 10 }],
      [MEMBER_API.messageList, { page: 1, pageSize: 10 }],
      [MEMBER_API.messageRead, { type: 5 }],
      [MEMBER_API.messageRead, {}],
      [MEMBER_API.messageLatest, { type: 1 }],
      [MEMBER_API.messageHasNew, []],
      [MEMBER_API.messageDetail, { id: 'x' }],
      [MEMBER_API.messageDetail, { id: -1 }],
      [MEMBER_API.messageDetail, { id: 99_999_999 }, CODES.NOT_FOUND],
    ];
    for (const [path, body, code = CODES.BAD_REQUEST] of bad) {
      const { res, envelope } = await call(server.app, path, { token: m.token, body });
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(200);
      expect(envelope.code, `${path} ${JSON.stringify(body)}`).toBe(code);
    }
    // A month far away is just empty.
    expect((await overview(m, '1999-12')).data).toMatchObject({ month: '1999-12', days: [] });
    expect((await overview(m, '9999-12')).data).toMatchObject({ month: '9999-12', days: [] });
  });
});
