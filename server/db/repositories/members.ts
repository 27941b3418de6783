import { sql, type Kysely, type Transaction } from 'kysely';
import type { ScoreReason } from '../../../protocol/contracts/member.ts';
import type { CheckinOverview, InviteIncome, Invitee, RankEntry, ScoreEntry, ScoreRank, TitleLevel, UserTitle } from '../../../protocol/member-api.ts';
import type { Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

/** Points one check-in gives. */
export const POINTS_PER_CHECKIN = 10;

/**
 * Streak prizes: claimable once per calendar month when that month holds a run of `days` consecutive
 * check-ins. These are the prizes a new database starts with (migration 0027 puts them in
 * `checkin_prizes`, where operators edit them); the calendar and claims read the table.
 */
export const CHECKIN_PRIZES = [
  { id: 1, days: 3, points: 20 },
  { id: 2, days: 7, points: 50 },
  { id: 3, days: 15, points: 120 },
  { id: 4, days: 28, points: 300 },
] as const satisfies readonly { id: number; days: number; points: number }[];

/** Titles earned by points, lowest first. */
export const TITLE_LEVELS: readonly TitleLevel[] = [
  { level: 1, name: '新人', minScore: 0 },
  { level: 2, name: '见习', minScore: 100 },
  { level: 3, name: '常客', minScore: 300 },
  { level: 4, name: '达人', minScore: 800 },
  { level: 5, name: '资深', minScore: 2000 },
  { level: 6, name: '元老', minScore: 5000 },
];

/** The title `score` points earn and the one after it (null at the top). */
export function titleOf(score: number): UserTitle {
  let at = 0;
  for (let i = 0; i < TITLE_LEVELS.length; i++) if (score >= TITLE_LEVELS[i]!.minScore) at = i;
  return { score, title: TITLE_LEVELS[at]!, next: TITLE_LEVELS[at + 1] ?? null, levels: [...TITLE_LEVELS] };
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** YYYY-MM-DD of the first day of `month` (YYYY-MM) and of the month after it. */
export function monthRange(month: string): { start: string; end: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${String(year + 1).padStart(4, '0')}-01` : `${String(year).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
  return { start: `${month}-01`, end: `${next}-01` };
}

/** The longest run of consecutive days in `days` (YYYY-MM-DD, ascending). */
export function longestRun(days: readonly string[]): number {
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of days) {
    const n = dayNumber(day);
    run = n === previous + 1 ? run + 1 : 1;
    previous = n;
    best = Math.max(best, run);
  }
  return best;
}

export type CheckinOutcome = { done: true; earned: number } | { done: false };
export type PrizeOutcome = 'claimed' | 'unknown' | 'not-reached' | 'already-claimed';

type Db = Kysely<Schema> | Transaction<Schema>;

/**
 * Changes a user's points by `delta` and logs it with the balance after, in one statement; call
 * it inside the transaction of whatever earned or spent the points. Answers the new balance.
 */
export async function changeScore(trx: Db, userId: number, delta: number, reason: ScoreReason, detail = ''): Promise<number> {
  const { rows } = await sql<{ balance: number }>`
    WITH changed AS (
      UPDATE users SET score = score + ${delta}, score_at = now() WHERE id = ${userId} RETURNING id, score
    )
    INSERT INTO score_log (user_id, delta, reason, detail, balance)
    SELECT id, ${delta}, ${reason}, ${detail}, score FROM changed
    RETURNING balance`.execute(trx);
  if (!rows[0]) throw new Error(`changeScore: no user ${userId}`);
  return rows[0].balance;
}

/** The days of `month` (YYYY-MM) the user checked in, ascending. */
async function monthDays(db: Db, userId: number, month: string): Promise<string[]> {
  const { start, end } = monthRange(month);
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day FROM checkins
    WHERE user_id = ${userId} AND day >= CAST(${start} AS date) AND day < CAST(${end} AS date)
    ORDER BY day`.execute(db);
  return rows.map((r) => r.day);
}

interface OverviewRow {
  score: number;
  total: string | number | bigint;
  days: string[] | null;
  checked_today: boolean;
  streak: string | number | bigint;
  claimed: number[] | null;
  /** The prizes of `checkin_prizes` by run length, as JSON (a string on some drivers). */
  prizes: string | { id: number; days: number; points: number }[] | null;
}

export function membersRepository(db: Kysely<Schema>) {
  return {
    /**
     * The check-in calendar of `month` as seen on `today` (both in the deployment's zone), in one
     * query: the month's days, today's check-in, the streak up to today (or yesterday when today
     * is not checked yet), every check-in counted, the points and the prizes claimed that month.
     * Prizes are claimable only in the current month.
     */
    async overview(userId: number, today: string, month: string): Promise<CheckinOverview> {
      const { start, end } = monthRange(month);
      const { rows } = await sql<OverviewRow>`
        SELECT
          u.score,
          (SELECT count(*) FROM checkins c WHERE c.user_id = u.id) AS total,
          (SELECT array_agg(to_char(c.day, 'YYYY-MM-DD') ORDER BY c.day) FROM checkins c
            WHERE c.user_id = u.id AND c.day >= CAST(${start} AS date) AND c.day < CAST(${end} AS date)) AS days,
          EXISTS (SELECT 1 FROM checkins c WHERE c.user_id = u.id AND c.day = CAST(${today} AS date)) AS checked_today,
          (SELECT count(*) FROM (
              SELECT c.day, row_number() OVER w AS n, first_value(c.day) OVER w AS latest
              FROM checkins c WHERE c.user_id = u.id AND c.day <= CAST(${today} AS date)
              WINDOW w AS (ORDER BY c.day DESC)
            ) s
            WHERE s.latest >= CAST(${today} AS date) - 1 AND s.day + CAST(s.n - 1 AS integer) = s.latest) AS streak,
          (SELECT array_agg(p.prize_id ORDER BY p.prize_id) FROM checkin_prize_claims p WHERE p.user_id = u.id AND p.month = ${month}) AS claimed,
          (SELECT json_agg(json_build_object('id', cp.id, 'days', cp.days, 'points', cp.points) ORDER BY cp.days, cp.id) FROM checkin_prizes cp) AS prizes
        FROM users u WHERE u.id = ${userId}`.execute(db);
      const row = rows[0];
      if (!row) throw new Error(`overview: no user ${userId}`);
      const days = row.days ?? [];
      const claimed = new Set((row.claimed ?? []).map(Number));
      const current = month === today.slice(0, 7);
      const run = current ? longestRun(days) : 0;
      return {
        today,
        month,
        days,
        checkedToday: row.checked_today,
        streak: Number(row.streak),
        total: Number(row.total),
        pointsPerDay: POINTS_PER_CHECKIN,
        score: row.score,
        prizes: (typeof row.prizes === 'string' ? (JSON.parse(row.prizes) as { id: number; days: number; points: number }[]) : (row.prizes ?? [])).map((p) => ({
          id: p.id,
          days: p.days,
          points: p.points,
          claimed: claimed.has(p.id),
          claimable: current && !claimed.has(p.id) && run >= p.days,
        })),
      };
    },

    /**
     * Checks the user in for `today`: the check-in row and its points in one transaction, the
     * points only when the row was inserted. The primary key (user, day) makes a second check-in
     * of the day, however concurrent, insert nothing and earn nothing.
     */
    async checkIn(userId: number, today: string): Promise<CheckinOutcome> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('checkins')
          .values({ user_id: userId, day: today })
          .onConflict((oc) => oc.doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (!inserted) return { done: false };
        await changeScore(trx, userId, POINTS_PER_CHECKIN, 'checkin');
        return { done: true, earned: POINTS_PER_CHECKIN };
      });
    },

    /**
     * Claims streak prize `prizeId` for the month of `today`: reached when this month holds a run
     * of the prize's days; the claim row (unique per user, month and prize) and its points in one
     * transaction, so racing claims pay once.
     */
    async claimPrize(userId: number, prizeId: number, today: string): Promise<PrizeOutcome> {
      const month = today.slice(0, 7);
      return db.transaction().execute(async (trx) => {
        // Read in the claim's transaction, so an operator's edit of the prize applies whole.
        const prize = await trx.selectFrom('checkin_prizes').select(['id', 'days', 'points']).where('id', '=', prizeId).executeTakeFirst();
        if (!prize) return 'unknown';
        if (longestRun(await monthDays(trx, userId, month)) < prize.days) return 'not-reached';
        const inserted = await trx
          .insertInto('checkin_prize_claims')
          .values({ user_id: userId, month, prize_id: prize.id })
          .onConflict((oc) => oc.doNothing())
          .returning('prize_id')
          .executeTakeFirst();
        if (!inserted) return 'already-claimed';
        await changeScore(trx, userId, prize.points, 'prize', String(prize.days));
        return 'claimed';
      });
    },

    /** The user's points history, newest first, with the total in the same query. */
    /** The members `inviterId` invited, newest first. */
    invitees(inviterId: number, offset: number, limit: number): Promise<Paged<Invitee>> {
      const query = db
        .selectFrom('invites')
        .innerJoin('users', 'users.id', 'invites.invitee_id')
        .select(['users.id', 'users.nickname', 'users.avatar', 'invites.points', 'invites.created_at'])
        .where('invites.inviter_id', '=', inviterId)
        .orderBy('invites.created_at', 'desc')
        .orderBy('invites.invitee_id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({ id: r.id, nickname: r.nickname, avatar: r.avatar, points: r.points, joinedAt: new Date(r.created_at).toISOString() })),
      );
    },

    /**
     * Counts one heartbeat of `userId` on `day` when the last counted one is at least
     * `intervalSeconds` old: the conditional update of the member's row is the lock, so racing
     * heartbeats count once. Answers whether it counted.
     */
    async heartbeat(userId: number, day: string, intervalSeconds: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const counted = await trx
          .updateTable('users')
          .set({ online_at: sql<Date>`now()` })
          .where('id', '=', userId)
          .where((eb) => eb.or([eb('online_at', 'is', null), eb('online_at', '<=', sql<Date>`now() - make_interval(secs => ${intervalSeconds})`)]))
          .returning('id')
          .executeTakeFirst();
        if (!counted) return false;
        await sql`
          INSERT INTO online_time (user_id, day, seconds) VALUES (${userId}, CAST(${day} AS date), ${intervalSeconds})
          ON CONFLICT (user_id, day) DO UPDATE SET seconds = online_time.seconds + EXCLUDED.seconds`.execute(trx);
        return true;
      });
    },

    /** Seconds online on `day` and in all. */
    async onlineTime(userId: number, day: string): Promise<{ today: number; total: number }> {
      const { rows } = await sql<{ today: string | number; total: string | number }>`
        SELECT coalesce(sum(seconds) FILTER (WHERE day = CAST(${day} AS date)), 0) AS today, coalesce(sum(seconds), 0) AS total
        FROM online_time WHERE user_id = ${userId}`.execute(db);
      return { today: Number(rows[0]?.today ?? 0), total: Number(rows[0]?.total ?? 0) };
    },

    /** Points the member's works earned (score_log reason income) and how many payments. */
    async worksIncome(userId: number): Promise<{ points: number; count: number }> {
      const row = await db
        .selectFrom('score_log')
        .select([sql<string>`coalesce(sum(delta), 0)`.as('points'), sql<string>`count(*)`.as('count')])
        .where('user_id', '=', userId)
        .where('reason', '=', 'income')
        .executeTakeFirstOrThrow();
      return { points: Number(row.points), count: Number(row.count) };
    },

    /** How many members `inviterId` invited and the points that earned. */
    async inviteIncome(inviterId: number): Promise<InviteIncome> {
      const row = await db
        .selectFrom('invites')
        .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(points), 0)`.as('points')])
        .where('inviter_id', '=', inviterId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), points: Number(row.points) };
    },

    scoreLog(userId: number, offset: number, limit: number): Promise<Paged<ScoreEntry>> {
      const query = db
        .selectFrom('score_log')
        .select(['id', 'delta', 'reason', 'detail', 'balance', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          id: r.id,
          delta: r.delta,
          reason: r.reason as ScoreReason,
          detail: r.detail,
          balance: r.balance,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },

    /**
     * The leaderboard: the `limit` members with the most points (equal scores: who reached theirs
     * first, then the lower id; guests never rank), and the caller's own place, counted in one query
     * (two index-only counts on users_score_rank_idx: higher scores, then equal ones reached earlier).
     */
    async rank(userId: number, limit: number): Promise<ScoreRank> {
      const top = await db
        .selectFrom('users')
        .select(['id', 'nickname', 'avatar', 'score'])
        .where('is_user', '=', true)
        .orderBy('score', 'desc')
        .orderBy('score_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      const { rows } = await sql<{ id: number; nickname: string; avatar: string; score: number; is_user: boolean; ahead: string | number | bigint }>`
        SELECT u.id, u.nickname, u.avatar, u.score, u.is_user,
          (SELECT count(*) FROM users o WHERE o.is_user AND o.score > u.score)
            + (SELECT count(*) FROM users o WHERE o.is_user AND o.score = u.score AND (o.score_at, o.id) < (u.score_at, u.id)) AS ahead
        FROM users u WHERE u.id = ${userId}`.execute(db);
      const entry = (r: { id: number; nickname: string; avatar: string; score: number }, rank: number): RankEntry => ({
        rank,
        user: { id: r.id, nickname: r.nickname, avatar: r.avatar },
        score: r.score,
        title: titleOf(r.score).title,
      });
      const me = rows[0];
      return { list: top.map((r, i) => entry(r, i + 1)), mine: me?.is_user ? entry(me, Number(me.ahead) + 1) : null };
    },
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
