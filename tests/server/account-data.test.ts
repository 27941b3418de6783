import { describe, expect, it } from 'vitest';
import { API, HOME_ID, type LoginResult, type Page, type UserInfo, type VideoItem } from '../../protocol/api.ts';
import { CONTENT_API, type PostCenter } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { MEMBER_API, type AccountExport, type MessageItem } from '../../protocol/member-api.ts';
import { SAFETY_API } from '../../protocol/safety-api.ts';
import { SUPPORT_API } from '../../protocol/support-api.ts';
import { memorySender } from '../../server/accounts/sms-sender.ts';
import { DEV_DEMO_PASSWORD } from '../../server/config.ts';
import { DELETED_AUTHOR } from '../../server/db/repositories/account-data.ts';
import { DEMO_ACCOUNT, DEMO_NICKNAME } from '../../server/seed/members.ts';
import { BACKENDS, call, newGuest, nextAddress, signUpMember, suiteServer, type Member } from './helpers.ts';

let phones = 0;
const newPhone = () => `137${String(Date.now() % 1e5).padStart(5, '0')}${String(++phones).padStart(3, '0')}`;

describe.each(BACKENDS)("a member's data: export, deletion and the seeded members on $name", (backend) => {
  const server = suiteServer({ backend });
  const db = () => server.app.ctx.database.db;

  const exportOf = (token: string) => call<AccountExport>(server.app, MEMBER_API.accountExport, { token, body: {} });
  const remove = (m: { token: string; remoteAddress?: string }, body: { password?: string; code?: string }) =>
    call(server.app, MEMBER_API.accountDelete, { token: m.token, body, remoteAddress: m.remoteAddress });
  const firstVideos = async (n: number) =>
    (await call<Page<VideoItem>>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: n } })).data.list;
  const collectCount = async (id: number) =>
    (await db().selectFrom('videos').select('collect_count').where('id', '=', id).executeTakeFirstOrThrow()).collect_count;
  const fansCount = async (id: number) => (await db().selectFrom('actresses').select('fans_count').where('id', '=', id).executeTakeFirstOrThrow()).fans_count;
  const anActress = async () => (await db().selectFrom('actresses').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  /** A member with a favourite, a follow, a watch, a check-in and a comment of their own. */
  async function busyMember(): Promise<Member & { video: VideoItem; actress: number; comment: number }> {
    const m = await signUpMember(server.app, 'ex');
    const [video] = await firstVideos(1);
    const actress = await anActress();
    expect((await call(server.app, CONTENT_API.collectAdd, { token: m.token, body: { id: video!.id, contentType: 2 } })).envelope.code).toBe(200);
    expect((await call(server.app, CONTENT_API.collectAdd, { token: m.token, body: { id: actress, contentType: 8 } })).envelope.code).toBe(200);
    const watchedAt = new Date(Date.now() - 60_000).toISOString();
    await call(server.app, MEMBER_API.historySync, {
      token: m.token,
      body: { items: [{ videoId: video!.id, position: 12, duration: video!.duration, finished: false, watchedAt }] },
    });
    expect((await call(server.app, MEMBER_API.checkinClick, { token: m.token, body: {} })).envelope.code).toBe(200);
    // Comments are written through the community's calls; the row is what they store.
    const comment = await db()
      .insertInto('comments')
      .values({
        content_type: 2,
        content_id: video!.id,
        user_id: m.id,
        author_name: m.account,
        content: '<b>mine</b>',
        like_count: 0,
        reply_count: 0,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...m, video: video!, actress, comment: comment.id };
  }

  it("exports everything the member's account holds, and only theirs", async () => {
    const m = await busyMember();
    const other = await signUpMember(server.app, 'ex');
    const { envelope, data } = await exportOf(m.token);
    expect(envelope.code).toBe(200);
    expect(data).toMatchObject({
      format: 'md-account-export',
      version: 1,
      profile: { id: m.id, account: m.account, nickname: m.account, hasLockCode: false, certifiedAt: null },
      favourites: [{ videoId: m.video.id, title: m.video.title }],
      follows: [{ actressId: m.actress }],
      history: [{ videoId: m.video.id, position: 12, finished: false }],
      comments: [{ id: m.comment, contentType: 2, contentId: m.video.id, content: '<b>mine</b>' }],
      points: { score: 10, log: [{ delta: 10, reason: 'checkin', balance: 10 }] },
      posts: [],
      invites: [],
    });
    expect(data.checkins).toHaveLength(1);
    expect(data.checkins[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data).toMatchObject({ reviews: [], works: [], feedback: [], reports: [], blocked: [] });

    // What they write and decide through the community calls is theirs too.
    const ok = (r: { envelope: { code: number } }) => expect(r.envelope.code).toBe(200);
    ok(await call(server.app, CONTENT_API.reviewAdd, { token: m.token, body: { videoId: m.video.id, title: '安静', content: '<i>好看</i>', score: 8 } }));
    const category = (await db().selectFrom('feedback_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    ok(await call(server.app, SUPPORT_API.feedbackAdd, { token: m.token, body: { categoryId: category, content: '播放很流畅' } }));
    ok(await call(server.app, SAFETY_API.reportAdd, { token: m.token, body: { targetType: 'video', targetId: m.video.id, reason: 'spam' } }));
    ok(await call(server.app, SAFETY_API.userBlock, { token: m.token, body: { userId: other.id } }));
    const more = (await exportOf(m.token)).data;
    expect(more).toMatchObject({
      reviews: [{ videoId: m.video.id, title: '安静', content: '<i>好看</i>', score: 8, status: 'published' }],
      feedback: [{ content: '播放很流畅', contact: null }],
      reports: [{ targetType: 'video', targetId: m.video.id, reason: 'spam', detail: '', status: 'open' }],
      blocked: [{ userId: other.id, nickname: other.account }],
      works: [],
    });

    const theirs = await exportOf(other.token);
    expect(theirs.data).toMatchObject({
      profile: { id: other.id },
      favourites: [],
      follows: [],
      history: [],
      comments: [],
      checkins: [],
      points: { score: 0, log: [] },
      reviews: [],
      feedback: [],
      reports: [],
      blocked: [],
    });
    const guest = await newGuest(server.app);
    expect((await exportOf(guest.token)).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('deletes an account only with its password: tokens end, counts go back, content stays anonymised, the name is free again', async () => {
    const m = await busyMember();
    const favouritesBefore = await collectCount(m.video.id);
    const fansBefore = await fansCount(m.actress);
    // A second device of the member.
    const second = await call<LoginResult>(server.app, API.loginOfficial, {
      body: { account: m.account, password: 'secret1' },
      remoteAddress: m.remoteAddress,
    });

    expect((await remove(m, {})).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '请输入密码' });
    expect((await remove(m, { password: 'wrong-one' })).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '密码错误' });
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.id).toBe(m.id);

    // A vote of theirs on someone else's comment.
    const voted = await db()
      .insertInto('comments')
      .values({
        content_type: 2,
        content_id: m.video.id,
        user_id: null,
        author_name: 'someone',
        content: 'hi',
        like_count: 0,
        reply_count: 0,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(server.app, CONTENT_API.commentVote, { token: m.token, body: { id: voted.id, vote: 1 } })).envelope.code).toBe(200);

    expect((await remove(m, { password: 'secret1' })).envelope.code).toBe(200);
    const votedAfter = await db().selectFrom('comments').select(['like_count', 'oppose_count']).where('id', '=', voted.id).executeTakeFirstOrThrow();
    expect(votedAfter).toEqual({ like_count: 0, oppose_count: 0 });
    for (const token of [m.token, second.data.token]) {
      expect((await call(server.app, API.userInfo, { token })).envelope.code).toBe(CODES.LOGIN_INVALID);
    }
    expect((await call(server.app, API.loginOfficial, { body: { account: m.account, password: 'secret1' }, remoteAddress: nextAddress() })).envelope.code).toBe(
      CODES.AUTH_FAILED,
    );
    expect(await collectCount(m.video.id)).toBe(favouritesBefore - 1);
    expect(await fansCount(m.actress)).toBe(fansBefore - 1);
    const comment = await db().selectFrom('comments').selectAll().where('id', '=', m.comment).executeTakeFirstOrThrow();
    expect(comment).toMatchObject({ user_id: null, author_name: DELETED_AUTHOR, content: '<b>mine</b>' });
    for (const table of ['collects', 'watch_history', 'score_log', 'checkins', 'sessions', 'messages'] as const) {
      const rows = await db().selectFrom(table).select('user_id').where('user_id', '=', m.id).execute();
      expect(rows, table).toEqual([]);
    }
    // The account name can be taken again, by someone new.
    const again = await call(server.app, API.accountCreate, {
      body: { account: m.account, password: 'another1', confirmPassword: 'another1' },
      remoteAddress: nextAddress(),
    });
    expect(again.envelope.code).toBe(200);
  });

  it('lets exactly one of racing deletes through, and never answers 500', async () => {
    const m = await signUpMember(server.app, 'ex');
    const [video] = await firstVideos(2);
    await call(server.app, CONTENT_API.collectAdd, { token: m.token, body: { id: video!.id, contentType: 2 } });
    const before = await collectCount(video!.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => remove(m, { password: 'secret1' })));
    const codes = results.map((r) => r.envelope.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The others find the member gone (their token no longer works, or the row went while they
    // checked the password), or are held back by the password's try limit.
    const others = [CODES.LOGIN_INVALID, CODES.NOT_FOUND, CODES.TOO_MANY] as number[];
    expect(
      codes.filter((c) => c !== 200).every((c) => others.includes(c)),
      String(codes),
    ).toBe(true);
    expect(await collectCount(video!.id)).toBe(before - 1);
  });

  it('a member without a password (signed up by phone) confirms with a code sent to their own phone', async () => {
    const sms = memorySender();
    server.app.ctx.sms = sms;
    const mobile = newPhone();
    const ask = (phone: string, purpose: 'login' | 'delete', token?: string) =>
      call(server.app, MEMBER_API.loginCaptcha, { body: { country: '+86', mobile: phone, purpose }, token, remoteAddress: nextAddress() });
    expect((await ask(mobile, 'login')).envelope.code).toBe(200);
    const login = await call<LoginResult>(server.app, MEMBER_API.loginPhone, {
      body: { country: '+86', mobile, code: sms.last(`+86${mobile}`)!.code },
      remoteAddress: nextAddress(),
    });
    const member = { token: login.data.token };

    expect((await remove(member, {})).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '请输入验证码' });
    // A code for deletion goes only to the member's own phone, and guests cannot ask for one.
    expect((await ask(newPhone(), 'delete', member.token)).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '请使用账号绑定的手机号' });
    expect((await ask(mobile, 'delete', (await newGuest(server.app)).token)).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await ask(mobile, 'delete', member.token)).envelope.code).toBe(200);
    const text = sms.last(`+86${mobile}`)!;
    expect(text).toMatchObject({ purpose: 'delete', text: expect.stringContaining('注销账号') });
    const wrong = String((Number(text.code) + 1) % 1_000_000).padStart(6, '0');
    expect((await remove(member, { code: wrong })).envelope).toMatchObject({ code: CODES.AUTH_FAILED, tip: '验证码错误' });
    expect((await remove(member, { code: text.code })).envelope.code).toBe(200);
    expect((await call(server.app, API.userInfo, { token: member.token })).envelope.code).toBe(CODES.LOGIN_INVALID);
    // The phone is free: signing in with it makes a new member.
    expect((await ask(mobile, 'login')).envelope.code).toBe(200);
    const fresh = await call<LoginResult>(server.app, MEMBER_API.loginPhone, {
      body: { country: '+86', mobile, code: sms.last(`+86${mobile}`)!.code },
      remoteAddress: nextAddress(),
    });
    expect(fresh.data.userInfo.id).not.toBe(login.data.userInfo.id);
  });

  it('refuses guests and bad bodies with clear errors', async () => {
    const guest = await newGuest(server.app);
    expect((await remove(guest, { password: 'x' })).envelope.code).toBe(CODES.FORBIDDEN);
    const m = await signUpMember(server.app, 'ex');
    expect((await remove(m, { password: 1 as unknown as string })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await remove(m, { password: 'secret1', extra: true } as never)).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.id).toBe(m.id);
  });

  it('seeds real authors for the demo posts and reviews, and a demo member with a full personal area', async () => {
    const authors = {
      posts: await db().selectFrom('posts as t').leftJoin('users as u', 'u.id', 't.author_id').select(['u.nickname', 't.author_name', 'u.is_user']).execute(),
      reviews: await db()
        .selectFrom('reviews as t')
        .leftJoin('users as u', 'u.id', 't.author_id')
        .select(['u.nickname', 't.author_name', 'u.is_user'])
        .execute(),
    };
    for (const [table, rows] of Object.entries(authors)) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row, table).toMatchObject({ nickname: row.author_name, is_user: true });
    }
    // Reviewers have no password: nobody signs in as them.
    const reviewers = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('avatar', 'like', 'avatars/reviewer-%')
      .where('account', 'is', null)
      .execute();
    expect(reviewers.length).toBeGreaterThan(0);
    expect(reviewers.every((r) => r.password_hash === null)).toBe(true);

    const login = await call<LoginResult>(server.app, API.loginOfficial, {
      body: { account: DEMO_ACCOUNT, password: DEV_DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(login.data.userInfo).toMatchObject({ account: DEMO_ACCOUNT, nickname: DEMO_NICKNAME, isUser: true });
    const data = (await exportOf(login.data.token)).data;
    expect(data.favourites.length).toBeGreaterThanOrEqual(3);
    expect(data.follows.length).toBeGreaterThanOrEqual(1);
    expect(data.history.some((h) => !h.finished && h.position > 0)).toBe(true);
    expect(data.checkins.length).toBeGreaterThanOrEqual(5);
    expect(data.invites).toHaveLength(2);
    expect(data.comments.length).toBeGreaterThanOrEqual(2);
    expect(data.posts.map((p) => p.status).sort()).toEqual(['pending', 'published', 'rejected']);
    const centre = await call<PostCenter>(server.app, CONTENT_API.postCenter, { token: login.data.token, body: { page: 1, pageSize: 10 } });
    expect(centre.data.counts).toEqual({ pending: 1, published: 1, rejected: 1 });
    expect(centre.data.list.find((p) => p.status === 'rejected')!.rejectReason).not.toBe('');
    expect(centre.data.list.find((p) => p.status === 'published')!.tags.length).toBeGreaterThan(0);
    expect(data.points.score).toBe(data.points.log.reduce((sum, l) => sum + l.delta, 0));
    for (const type of [1, 2, 3, 4]) {
      const list = await call<Page<MessageItem>>(server.app, MEMBER_API.messageList, { token: login.data.token, body: { type, page: 1, pageSize: 10 } });
      expect(list.data.list.length, `type ${type}`).toBeGreaterThan(0);
    }
  });
});
