import { sql, type Kysely } from 'kysely';
import { EXPORT_LIST_MAX, type AccountExport } from '../../../protocol/contracts/member.ts';
import type { Schema } from '../schema.ts';
import { DEFAULT_AVATAR } from './users.ts';

/** The name a deleted member's kept content shows instead of theirs. */
export const DELETED_AUTHOR = '已注销用户';

const VIDEO = 2;
const ACTRESS = 8;

const iso = (value: Date | string) => new Date(value).toISOString();

export type AccountDataRepository = ReturnType<typeof accountDataRepository>;

/** A member's data as a whole: the export of everything the account holds, and its deletion. */
export function accountDataRepository(db: Kysely<Schema>) {
  return {
    /**
     * Everything the member's account holds, read in one repeatable-read transaction so the parts
     * agree with each other. undefined when the member does not exist (or is a guest).
     */
    async export(userId: number, now = new Date()): Promise<AccountExport | undefined> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).where('is_user', '=', true).executeTakeFirst();
          if (!user) return undefined;
          const [favourites, follows, history, posts, comments, log, checkins, invites, online] = await Promise.all([
            trx
              .selectFrom('collects as c')
              .innerJoin('videos as v', 'v.id', 'c.content_id')
              .select(['v.id', 'v.title', 'c.created_at'])
              .where('c.user_id', '=', userId)
              .where('c.content_type', '=', VIDEO)
              .orderBy('c.created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('collects as c')
              .innerJoin('actresses as a', 'a.id', 'c.content_id')
              .select(['a.id', 'a.name', 'c.created_at'])
              .where('c.user_id', '=', userId)
              .where('c.content_type', '=', ACTRESS)
              .orderBy('c.created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx.selectFrom('watch_history').selectAll().where('user_id', '=', userId).orderBy('watched_at', 'desc').limit(EXPORT_LIST_MAX).execute(),
            trx
              .selectFrom('posts')
              .select(['id', 'title', 'content', 'status', 'created_at'])
              .where('author_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('comments')
              .select(['id', 'content_type', 'content_id', 'content', 'created_at'])
              .where('user_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx.selectFrom('score_log').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(EXPORT_LIST_MAX).execute(),
            sql<{
              day: string;
            }>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM checkins WHERE user_id = ${userId} ORDER BY checkins.day DESC LIMIT ${EXPORT_LIST_MAX}`.execute(
              trx,
            ),
            trx
              .selectFrom('invites as i')
              .innerJoin('users as u', 'u.id', 'i.invitee_id')
              .select(['u.nickname', 'i.points', 'i.created_at'])
              .where('i.inviter_id', '=', userId)
              .orderBy('i.created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            sql<{
              day: string;
              seconds: number;
            }>`SELECT to_char(day, 'YYYY-MM-DD') AS day, seconds FROM online_time WHERE user_id = ${userId} ORDER BY online_time.day DESC LIMIT ${EXPORT_LIST_MAX}`.execute(
              trx,
            ),
          ]);
          const [reviews, works, feedback, reports, blocked] = await Promise.all([
            trx
              .selectFrom('reviews')
              .select(['id', 'video_id', 'title', 'content', 'score', 'status', 'created_at'])
              .where('author_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('works')
              .select(['id', 'title', 'description', 'state', 'is_public', 'video_id', 'created_at'])
              .where('user_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('feedbacks')
              .select(['id', 'content', 'contact', 'status', 'created_at', 'answer', 'answered_at'])
              .where('user_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('reports')
              .select(['id', 'target_type', 'target_id', 'reason', 'detail', 'status', 'created_at'])
              .where('reporter_id', '=', userId)
              .orderBy('created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
            trx
              .selectFrom('user_blocks as b')
              .innerJoin('users as u', 'u.id', 'b.blocked_id')
              .select(['u.id', 'u.nickname', 'b.created_at'])
              .where('b.blocker_id', '=', userId)
              .orderBy('b.created_at', 'desc')
              .limit(EXPORT_LIST_MAX)
              .execute(),
          ]);
          return {
            format: 'md-account-export' as const,
            version: 1 as const,
            exportedAt: now.toISOString(),
            profile: {
              id: user.id,
              account: user.account ?? '',
              mobile: user.mobile,
              nickname: user.nickname,
              signature: user.signature,
              avatar: user.avatar,
              createdAt: iso(user.created_at),
              certifiedAt: user.certified_at ? iso(user.certified_at) : null,
              hasLockCode: user.lock_hash !== null,
            },
            favourites: favourites.map((f) => ({ videoId: f.id, title: f.title, at: iso(f.created_at) })),
            follows: follows.map((f) => ({ actressId: f.id, name: f.name, at: iso(f.created_at) })),
            history: history.map((h) => ({
              videoId: h.video_id,
              position: h.position,
              duration: h.duration,
              finished: h.finished,
              watchedAt: iso(h.watched_at),
            })),
            posts: posts.map((p) => ({ id: p.id, title: p.title, content: p.content, status: p.status, createdAt: iso(p.created_at) })),
            comments: comments.map((c) => ({
              id: c.id,
              contentType: c.content_type,
              contentId: c.content_id,
              content: c.content,
              createdAt: iso(c.created_at),
            })),
            points: {
              score: user.score,
              log: log.map((l) => ({ delta: l.delta, reason: l.reason, detail: l.detail, balance: l.balance, at: iso(l.created_at) })),
            },
            checkins: checkins.rows.map((c) => c.day),
            invites: invites.map((i) => ({ nickname: i.nickname, points: i.points, at: iso(i.created_at) })),
            onlineTime: online.rows.map((o) => ({ day: o.day, seconds: Number(o.seconds) })),
            reviews: reviews.map((r) => ({
              id: r.id,
              videoId: r.video_id,
              title: r.title,
              content: r.content,
              score: r.score,
              status: r.status,
              createdAt: iso(r.created_at),
            })),
            works: works.map((w) => ({
              id: w.id,
              title: w.title,
              description: w.description,
              state: w.state,
              isPublic: w.is_public,
              videoId: w.video_id,
              createdAt: iso(w.created_at),
            })),
            feedback: feedback.map((f) => ({
              id: f.id,
              content: f.content,
              contact: f.contact,
              status: f.status,
              createdAt: iso(f.created_at),
              answer: f.answer,
              answeredAt: f.answered_at ? iso(f.answered_at) : null,
            })),
            reports: reports.map((r) => ({
              id: r.id,
              targetType: r.target_type,
              targetId: r.target_id,
              reason: r.reason,
              detail: r.detail,
              status: r.status,
              createdAt: iso(r.created_at),
            })),
            blocked: blocked.map((b) => ({ userId: b.id, nickname: b.nickname, at: iso(b.created_at) })),
          };
        });
    },

    /**
     * Deletes a member in one transaction, their row locked first so a second delete (or a
     * sign-in) waits and then finds nothing: the counts their favourites, follows and comment
     * votes added are taken back, what they wrote for others (comments, posts, reviews) stays under
     * DELETED_AUTHOR with the default avatar, and the row goes, which takes their sessions,
     * favourites, history, points, check-ins, messages and invites with it (foreign keys). Answers
     * the avatar uploads whose files the caller removes, or undefined when there was no such member.
     */
    async deleteMember(userId: number): Promise<{ avatars: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select(['id', 'mobile']).where('id', '=', userId).where('is_user', '=', true).forUpdate().executeTakeFirst();
        if (!user) return undefined;
        await sql`UPDATE videos SET collect_count = GREATEST(collect_count - 1, 0)
          WHERE id IN (SELECT content_id FROM collects WHERE user_id = ${userId} AND content_type = ${VIDEO})`.execute(trx);
        await sql`UPDATE actresses SET fans_count = GREATEST(fans_count - 1, 0)
          WHERE id IN (SELECT content_id FROM collects WHERE user_id = ${userId} AND content_type = ${ACTRESS})`.execute(trx);
        await sql`UPDATE comments SET like_count = GREATEST(like_count - (v.vote = 1)::int, 0), oppose_count = GREATEST(oppose_count - (v.vote = -1)::int, 0)
          FROM comment_votes v WHERE v.comment_id = comments.id AND v.user_id = ${userId}`.execute(trx);
        await trx.updateTable('comments').set({ author_name: DELETED_AUTHOR }).where('user_id', '=', userId).execute();
        await trx.updateTable('comments').set({ reply_to_name: DELETED_AUTHOR }).where('reply_to_user_id', '=', userId).execute();
        await trx.updateTable('posts').set({ author_name: DELETED_AUTHOR, author_avatar: DEFAULT_AVATAR }).where('author_id', '=', userId).execute();
        await trx.updateTable('reviews').set({ author_name: DELETED_AUTHOR, author_avatar: DEFAULT_AVATAR }).where('author_id', '=', userId).execute();
        const avatars = await trx.deleteFrom('uploads').where('user_id', '=', userId).where('purpose', '=', 'avatar').returning('path').execute();
        if (user.mobile) await trx.deleteFrom('captchas').where('mobile', '=', user.mobile).execute();
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return { avatars: avatars.map((a) => a.path) };
      });
    },
  };
}
