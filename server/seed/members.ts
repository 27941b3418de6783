import { sql, type Kysely, type Transaction } from 'kysely';
import { INVITE_POINTS } from '../accounts/invites.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { changeScore, POINTS_PER_CHECKIN } from '../db/repositories/members.ts';
import type { Schema } from '../db/schema.ts';
import { localDay } from '../jobs/local-day.ts';
import { accountKey } from '../routes/login/account-key.ts';
import { REVIEWERS } from './content-catalogue.ts';

/** The seeded demo member's account name (README: sign in with it to see a full personal area). */
export const DEMO_ACCOUNT = 'demo_member';
export const DEMO_NICKNAME = '演示会员';
const MEMBERS_MARKER = 'seeded_members_at';
const DAY_MS = 86_400_000;

const SIGNATURES = ['喜欢记录路上的风景', '周末一定要看一部好片', '胶片颗粒是浪漫的', '慢慢走，慢慢看', '做饭和看片都是治愈'];

/** Demo lines of the messages the demo member finds in /sysMsg; neutral, like all demo content. */
const COMMENT_LINE = '你在这部片子下的评论说得真好，我也很喜欢结尾那段。';
const REPLY_LINE = '同感！第二遍看的时候发现了很多细节。';

export interface SeedMembersOptions {
  now?: number;
  timeZone: string;
  /** The demo member's password; null leaves them without one (they cannot sign in). */
  demoPassword: string | null;
}

/**
 * Makes the demo reviewers real members once, so the authors of seeded posts and reviews are
 * accounts rather than bare numbers that a new member's id could collide with: each reviewer
 * becomes a member without a password and the seeded rows written under their old number move
 * to them. Adds one demo member (DEMO_ACCOUNT) with favourites, follows, history, a check-in
 * streak, points, invites, comments and messages of every kind. Answers whether it seeded now.
 */
export async function seedMembers(db: Kysely<Schema>, options: SeedMembersOptions): Promise<boolean> {
  const now = options.now ?? Date.now();
  const seeded = await db.selectFrom('app_meta').select('key').where('key', '=', MEMBERS_MARKER).executeTakeFirst();
  if (seeded) return false;
  const passwordHash = options.demoPassword === null ? null : await hashPassword(options.demoPassword);
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .insertInto('app_meta')
      .values({ key: MEMBERS_MARKER, value: new Date(now).toISOString() })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!marked) return false;
    const reviewers: number[] = [];
    for (const [i, nickname] of REVIEWERS.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          account: null,
          account_key: null,
          password_hash: null,
          dev_id: null,
          guest_secret_hash: null,
          aff_code: '',
          is_user: true,
          nickname,
          avatar: `avatars/reviewer-${i + 1}.png`,
          signature: SIGNATURES[i % SIGNATURES.length]!,
          created_at: new Date(now - (90 - i) * DAY_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reviewers.push(row.id);
      // The seed wrote reviewer i as author i + 1; only those rows move (a name and number pair).
      for (const table of ['posts', 'reviews'] as const) {
        await trx
          .updateTable(table)
          .set({ author_id: row.id })
          .where('author_id', '=', i + 1)
          .where('author_name', '=', nickname)
          .execute();
      }
    }
    await seedDemoMember(trx, reviewers, { timeZone: options.timeZone, passwordHash }, now);
    return true;
  });
}

async function seedDemoMember(
  trx: Transaction<Schema>,
  reviewers: number[],
  options: { timeZone: string; passwordHash: string | null },
  now: number,
): Promise<void> {
  const demo = await trx
    .insertInto('users')
    .values({
      account: DEMO_ACCOUNT,
      account_key: accountKey(DEMO_ACCOUNT),
      password_hash: options.passwordHash,
      dev_id: null,
      guest_secret_hash: null,
      aff_code: '',
      is_user: true,
      nickname: DEMO_NICKNAME,
      avatar: 'avatars/reviewer-3.png',
      signature: '这是一个演示账号，随便看看吧',
      created_at: new Date(now - 45 * DAY_MS),
    })
    // Someone may have signed up with the name first: then there is no demo member.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!demo) return;
  const id = demo.id;
  const videos = await trx.selectFrom('videos').select(['id', 'title', 'duration']).orderBy('id').limit(8).execute();
  const actresses = await trx.selectFrom('actresses').select('id').orderBy('id').limit(3).execute();

  // Favourites and follows, with the counts they add.
  const collected = [
    { type: 2, table: 'videos', ids: videos.slice(0, 4).map((v) => v.id), everyDays: 3 },
    { type: 8, table: 'actresses', ids: actresses.map((a) => a.id), everyDays: 5 },
  ] as const;
  for (const { type, table, ids, everyDays } of collected) {
    if (!ids.length) continue;
    await trx
      .insertInto('collects')
      .values(ids.map((contentId, n) => ({ user_id: id, content_type: type, content_id: contentId, created_at: new Date(now - (n + 1) * everyDays * DAY_MS) })))
      .execute();
    const counted = table === 'videos' ? sql`collect_count = collect_count + 1` : sql`fans_count = fans_count + 1`;
    await sql`UPDATE ${sql.table(table)} SET ${counted} WHERE id IN (${sql.join(ids)})`.execute(trx);
  }

  // Watch history: some finished, some part-way (the progress bars of /mine).
  const watched = videos.slice(2, 7);
  if (watched.length) {
    await trx
      .insertInto('watch_history')
      .values(
        watched.map((v, n) => {
          const duration = Math.max(1, Math.round(Number(v.duration) || 60));
          const finished = n % 2 === 1;
          return {
            user_id: id,
            video_id: v.id,
            duration,
            finished,
            position: finished ? duration : Math.round((duration * (n + 1)) / 6),
            watched_at: new Date(now - (n * 7 + 2) * 3_600_000),
          };
        }),
      )
      .execute();
  }

  // Two reviewers came through the demo member's invite link.
  for (const invitee of reviewers.slice(0, 2)) {
    await trx.insertInto('invites').values({ invitee_id: invitee, inviter_id: id, points: INVITE_POINTS }).execute();
    await scoreAt(trx, id, INVITE_POINTS, 'invite', new Date(now - (reviewers.indexOf(invitee) + 10) * DAY_MS));
  }

  // A streak of check-ins ending yesterday (today is left for the visitor to try), with their points.
  for (let back = 6; back >= 1; back--) {
    await trx
      .insertInto('checkins')
      .values({ user_id: id, day: localDay(new Date(now - back * DAY_MS), options.timeZone), created_at: new Date(now - back * DAY_MS) })
      .execute();
    await scoreAt(trx, id, POINTS_PER_CHECKIN, 'checkin', new Date(now - back * DAY_MS));
  }

  // The demo member's own posts, one in each status their post centre shows.
  const tagIds = new Map((await trx.selectFrom('post_tags').select(['id', 'name']).execute()).map((t) => [t.name, t.id]));
  for (const post of DEMO_POSTS) {
    const row = await trx
      .insertInto('posts')
      .values({
        author_id: id,
        author_name: DEMO_NICKNAME,
        author_avatar: 'avatars/reviewer-3.png',
        video_id: null,
        title: post.title,
        content: post.content,
        status: post.status,
        reject_reason: post.rejectReason ?? null,
        view_count: post.status === 'published' ? 36 : 0,
        like_count: post.status === 'published' ? 4 : 0,
        comment_count: 0,
        created_at: new Date(now - post.hoursAgo * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = post.tags.flatMap((name) => (tagIds.has(name) ? [{ post_id: row.id, tag_id: tagIds.get(name)! }] : []));
    if (links.length > 0) await trx.insertInto('post_tag_links').values(links).execute();
  }

  // The demo member's own comments, and messages of every kind about them.
  const [first, second] = videos;
  if (first && second) {
    await trx
      .insertInto('comments')
      .values([
        {
          content_type: 2,
          content_id: first.id,
          user_id: id,
          author_name: DEMO_NICKNAME,
          content: '画面很干净，配乐也舒服，收藏了。',
          like_count: 3,
          reply_count: 0,
          created_at: new Date(now - 2 * DAY_MS),
        },
        {
          content_type: 2,
          content_id: second.id,
          user_id: id,
          author_name: DEMO_NICKNAME,
          content: '想知道拍摄地点在哪里，好想去看看。',
          like_count: 1,
          reply_count: 0,
          created_at: new Date(now - DAY_MS),
        },
      ])
      .execute();
    await trx
      .updateTable('videos')
      .set({ comment_count: sql`comment_count + 1` })
      .where('id', 'in', [first.id, second.id])
      .execute();
    const from = (n: number) => reviewers[n % reviewers.length] ?? null;
    const target = (v: { id: number; title: string }) => ({ target_type: 2, target_id: v.id, target_title: v.title });
    await trx
      .insertInto('messages')
      .values([
        {
          type: 1,
          user_id: id,
          from_user_id: null,
          title: '欢迎体验演示账号',
          content: '这是演示账号的个人通知：签到、收藏、历史和消息都已准备好示例数据，随意体验。',
          target_type: null,
          target_id: null,
          target_title: null,
          created_at: new Date(now - 3 * DAY_MS),
        },
        { type: 2, user_id: id, from_user_id: from(0), content: COMMENT_LINE, ...target(first), created_at: new Date(now - 30 * 3_600_000) },
        { type: 3, user_id: id, from_user_id: from(1), content: REPLY_LINE, ...target(second), created_at: new Date(now - 20 * 3_600_000) },
        { type: 4, user_id: id, from_user_id: from(2), content: '', ...target(first), created_at: new Date(now - 6 * 3_600_000) },
        { type: 4, user_id: id, from_user_id: from(3), content: '', ...target(second), created_at: new Date(now - 3_600_000) },
      ])
      .execute();
  }
}

/** The demo member's posts: published, waiting for an operator, and rejected with the reason. */
const DEMO_POSTS: { title: string; content: string; tags: string[]; status: 'published' | 'pending' | 'rejected'; rejectReason?: string; hoursAgo: number }[] =
  [
    {
      title: '第一次用手机做延时，效果比想象的好',
      content: '把手机架在窗台上录了一小时的云，导出后只有二十秒，但看着很治愈。\n\n下次想试试日落。',
      tags: ['摄影', '闲聊'],
      status: 'published',
      hoursAgo: 50,
    },
    {
      title: '求推荐适合周末的短途路线',
      content: '想找一条两小时车程以内、可以徒步半天的路线，最好有湖或者山。',
      tags: ['旅行'],
      status: 'pending',
      hoursAgo: 4,
    },
    {
      title: '二手相机转让',
      content: '九成新，配件齐全，有意私聊。',
      tags: ['数码'],
      status: 'rejected',
      rejectReason: '讨论区不接受交易信息',
      hoursAgo: 30,
    },
  ];

/** Points as changeScore gives them, dated when the demo member earned them (balances only grow here, so one names its row). */
async function scoreAt(trx: Transaction<Schema>, userId: number, delta: number, reason: 'checkin' | 'invite', at: Date): Promise<void> {
  const balance = await changeScore(trx, userId, delta, reason);
  await trx.updateTable('score_log').set({ created_at: at }).where('user_id', '=', userId).where('balance', '=', balance).execute();
}
