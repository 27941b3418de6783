import { sql, type Kysely, type Transaction } from 'kysely';
import { MODERATION_KIND_NAMES, type FeedbackStatus, type ModerationKind, type ReportStatus } from '../../../protocol/admin-api.ts';
import type { CommentHidden, Decision, FeedbackEntry, MemberInfo, PendingItem, ReportEntry } from '../../../protocol/contracts/admin.ts';
import { REPORT_REASONS } from '../../../protocol/safety-api.ts';
import type { Schema } from '../schema.ts';
import { announcementRow } from './messages.ts';
import { writeAudit, type Actor } from './operators.ts';
import { page, type Paged } from './paging.ts';
import { syncWorkVideo } from './works.ts';

/** Characters of a text's start that the queues show. */
const EXCERPT = 120;
/** Characters of a quoted title or comment in a notice. */
const QUOTE = 40;

const quote = (text: string) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > QUOTE ? `${chars.slice(0, QUOTE).join('')}…` : chars.join('');
};

/** Why a decision could not be made: no such item, or it is not in the state the decision starts from (with the state it is in). */
export type DecisionRefusal = { refused: 'not-found' } | { refused: 'already'; status: string };

/** A decision made, with the video whose caches the caller clears (a work's video, a review's film). */
export type DecisionOutcome = (Decision & { videoId: number | null }) | DecisionRefusal;

export type HideOutcome = (CommentHidden & { videoId: number | null }) | { refused: 'not-found' } | { refused: 'already' };

export type CloseOutcome = { id: number; status: 'resolved' | 'dismissed' } | { refused: 'not-found' } | { refused: 'already'; status: string };

export type AnswerOutcome = { id: number; status: 'answered'; noticeId: number | null } | { refused: 'not-found' } | { refused: 'already' };

export type SuspendOutcome = { id: number; account: string; suspended: boolean; changed: boolean } | { refused: 'not-found' } | { refused: 'operator' };

/** What a decision does: from which state to which, and how the author is told. */
export type DecisionMove = 'approve' | 'reject' | 'takedown';

const MOVES: Record<DecisionMove, { from: 'pending' | 'published'; to: 'published' | 'rejected' }> = {
  approve: { from: 'pending', to: 'published' },
  reject: { from: 'pending', to: 'rejected' },
  takedown: { from: 'published', to: 'rejected' },
};

/** The personal notice under 公告 that tells an author what became of their post, work or review. */
export function decisionNotice(move: DecisionMove, kind: ModerationKind, title: string, reason: string | null): { title: string; content: string } {
  const name = MODERATION_KIND_NAMES[kind];
  const what = `你的${name}「${quote(title)}」`;
  switch (move) {
    case 'approve':
      return { title: `你的${name}已通过审核`, content: `${what}已通过审核，现在大家都能看到了。` };
    case 'reject':
      return { title: `你的${name}未通过审核`, content: `${what}未通过审核。\n原因：${reason ?? ''}` };
    case 'takedown':
      return { title: `你的${name}已被下架`, content: `${what}已被下架。\n原因：${reason ?? ''}` };
  }
}

/** The comment table of each content type a comment can sit under. */
const COMMENT_TARGETS: Record<number, 'videos' | 'reviews' | 'posts'> = { 2: 'videos', 3: 'reviews', 5: 'posts' };

/** The moderation side of the operators' API: queues, decisions, hidden comments, reports, feedback, suspensions. Every change writes its audit row in its own transaction. */
/** The member `userId` (not a guest), locked for the rest of the transaction; undefined when there is none. */
function lockMember(trx: Transaction<Schema>, userId: number) {
  return trx.selectFrom('users').select(['id', 'account', 'suspended_at']).where('id', '=', userId).where('is_user', '=', true).forUpdate().executeTakeFirst();
}

export function moderationRepository(db: Kysely<Schema>) {
  /** A personal notice to `userId` under 公告, when that user still exists; answers its id. */
  async function notice(trx: Transaction<Schema>, userId: number | null, text: { title: string; content: string }): Promise<number | null> {
    if (userId === null) return null;
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const row = await trx
      .insertInto('messages')
      .values(announcementRow({ userId, ...text }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Closes the open reports of one target as resolved by what an operator just did; answers how many. */
  async function resolveReportsOf(trx: Transaction<Schema>, targetType: string, targetId: number, note: string): Promise<number> {
    const result = await trx
      .updateTable('reports')
      .set({ status: 'resolved', closed_at: sql<Date>`now()`, close_note: note })
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Moves one item from the decision's start state to its end state in one conditional update, so
   * of racing decisions on one item exactly one is made; answers the item's author and title.
   */
  async function move(
    trx: Transaction<Schema>,
    kind: ModerationKind,
    id: number,
    from: string,
    to: 'published' | 'rejected',
    reason: string | null,
  ): Promise<{ authorId: number; title: string; videoId: number | null } | DecisionRefusal> {
    switch (kind) {
      case 'post': {
        const row = await trx
          .updateTable('posts')
          .set({ status: to, reject_reason: reason })
          .where('id', '=', id)
          .where('status', '=', from as 'pending')
          .returning(['author_id', 'title'])
          .executeTakeFirst();
        if (row) return { authorId: row.author_id, title: row.title, videoId: null };
        const now = await trx.selectFrom('posts').select('status').where('id', '=', id).executeTakeFirst();
        return !now || now.status === 'hidden' ? { refused: 'not-found' } : { refused: 'already', status: now.status };
      }
      case 'review': {
        const row = await trx
          .updateTable('reviews')
          .set({ status: to, reject_reason: reason })
          .where('id', '=', id)
          .where('status', '=', from as 'pending')
          .returning(['author_id', 'title', 'video_id'])
          .executeTakeFirst();
        if (row) return { authorId: row.author_id, title: row.title, videoId: row.video_id };
        const now = await trx.selectFrom('reviews').select('status').where('id', '=', id).executeTakeFirst();
        return now ? { refused: 'already', status: now.status } : { refused: 'not-found' };
      }
      case 'work': {
        const row = await trx
          .updateTable('works')
          .set({ review: to, reject_reason: reason, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('review', '=', from as 'pending')
          .returning(['user_id', 'title'])
          .executeTakeFirst();
        if (!row) {
          const now = await trx.selectFrom('works').select('review').where('id', '=', id).executeTakeFirst();
          return now ? { refused: 'already', status: now.review } : { refused: 'not-found' };
        }
        // The work's video is listed only while ready, published and public.
        const videoId = await syncWorkVideo(trx, id);
        return { authorId: row.user_id, title: row.title, videoId };
      }
    }
  }

  /** A member's row as the operators' calls name it, by id. */
  const memberQuery = () =>
    db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.account',
        'u.nickname',
        'u.is_user',
        'u.suspended_at',
        'u.suspend_reason',
        'u.created_at',
        sql<boolean>`EXISTS (SELECT 1 FROM operators o WHERE o.user_id = u.id)`.as('operator'),
        sql<string>`(SELECT count(*) FROM sessions s WHERE s.user_id = u.id AND s.expires_at > now())`.as('sessions'),
      ]);

  return {
    /** What waits for a decision (of one kind, or all), oldest first, with each author. */
    pending(kind: ModerationKind | undefined, offset: number, limit: number): Promise<Paged<PendingItem>> {
      const branches = {
        post: sql`SELECT 'post' AS kind, id, title, left(content, ${EXCERPT}) AS excerpt, author_id, created_at, 'ready' AS state FROM posts WHERE status = 'pending'`,
        work: sql`SELECT 'work' AS kind, id, title, left(description, ${EXCERPT}) AS excerpt, user_id AS author_id, created_at, state FROM works WHERE review = 'pending'`,
        review: sql`SELECT 'review' AS kind, id, title, left(content, ${EXCERPT}) AS excerpt, author_id, created_at, 'ready' AS state FROM reviews WHERE status = 'pending'`,
      };
      const union = sql.join(
        (kind ? [branches[kind]] : Object.values(branches)).map((b) => sql`(${b})`),
        sql` UNION ALL `,
      );
      const query = db
        .selectFrom(
          sql<{ kind: ModerationKind; id: number; title: string; excerpt: string; author_id: number; created_at: Date; state: string }>`(${union})`.as('q'),
        )
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'q.author_id').on('u.is_user', '=', true))
        .select(['q.kind', 'q.id', 'q.title', 'q.excerpt', 'q.author_id', 'q.created_at', 'q.state', 'u.account', 'u.nickname'])
        .orderBy('q.created_at')
        .orderBy('q.kind')
        .orderBy('q.id');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          kind: r.kind,
          id: r.id,
          title: r.title,
          excerpt: r.excerpt ?? '',
          author: r.account === null || r.nickname === null ? null : { id: r.author_id, account: r.account, nickname: r.nickname },
          createdAt: new Date(r.created_at).toISOString(),
          state: r.state,
        })),
      );
    },

    /**
     * Approves or rejects a pending item, or takes a published one down: one conditional update
     * decides (racing decisions make one), the author gets a personal notice under 公告 saying what
     * and why, a rejected or removed item's open reports close as resolved, and the audit row is
     * written, all in one transaction.
     */
    async decide(actor: Actor, moveName: DecisionMove, kind: ModerationKind, id: number, reason: string | null): Promise<DecisionOutcome> {
      const { from, to } = MOVES[moveName];
      return db.transaction().execute(async (trx) => {
        const moved = await move(trx, kind, id, from, to, to === 'rejected' ? reason : null);
        if ('refused' in moved) return moved;
        const noticeId = await notice(trx, moved.authorId, decisionNotice(moveName, kind, moved.title, reason));
        // Works are reported through their video; posts and reviews by their own id.
        const reportsClosed = to === 'rejected' && kind !== 'work' ? await resolveReportsOf(trx, kind, id, `moderate.${moveName}`) : 0;
        await writeAudit(trx, actor, {
          action: `moderate.${moveName}`,
          targetType: kind,
          targetId: id,
          details: { title: moved.title, authorId: moved.authorId, from, to, ...(reason !== null && to === 'rejected' && { reason }), noticeId, reportsClosed },
        });
        return { kind, id, status: to, reason: to === 'rejected' ? reason : null, noticeId, videoId: moved.videoId };
      });
    },

    /**
     * Hides a comment or reply from every list and count, for everyone (its author's 我的评论
     * too; they get a notice saying which comment and why). A top-level comment takes its thread
     * with it: the item's count loses the comment and its visible replies. A reply's parent row
     * is locked first and a top-level comment's own row, so hiding a thread and one of its replies
     * at once count each comment once.
     */
    async hideComment(actor: Actor, id: number, reason: string | null): Promise<HideOutcome> {
      return db.transaction().execute(async (trx) => {
        const peek = await trx.selectFrom('comments').select('parent_id').where('id', '=', id).executeTakeFirst();
        if (!peek) return { refused: 'not-found' };
        const parent =
          peek.parent_id === null
            ? undefined
            : await trx.selectFrom('comments').select(['id', 'hidden_at']).where('id', '=', peek.parent_id).forUpdate().executeTakeFirst();
        const comment = await trx
          .selectFrom('comments')
          .select(['id', 'parent_id', 'content_type', 'content_id', 'user_id', 'content', 'hidden_at'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (comment.hidden_at !== null) return { refused: 'already' };
        let removed: number;
        if (comment.parent_id === null) {
          const replies = await trx
            .selectFrom('comments')
            .select(sql<string>`count(*)`.as('n'))
            .where('parent_id', '=', id)
            .where('hidden_at', 'is', null)
            .executeTakeFirstOrThrow();
          removed = 1 + Number(replies.n);
        } else if (parent && parent.hidden_at === null) {
          removed = 1;
          await trx
            .updateTable('comments')
            .set({ reply_count: sql`greatest(reply_count - 1, 0)` })
            .where('id', '=', parent.id)
            .execute();
        } else {
          // Under a hidden thread: the count lost it with the thread already.
          removed = 0;
        }
        await trx
          .updateTable('comments')
          .set({ hidden_at: sql<Date>`now()`, hidden_reason: reason })
          .where('id', '=', id)
          .execute();
        const table = COMMENT_TARGETS[comment.content_type];
        let title = '';
        if (table) {
          const item = await trx
            .updateTable(table)
            .set({ comment_count: sql`greatest(comment_count - ${removed}, 0)` })
            .where('id', '=', comment.content_id)
            .returning('title')
            .executeTakeFirst();
          title = item?.title ?? '';
        }
        const noticeId = await notice(trx, comment.user_id, {
          title: '你的评论已被隐藏',
          content: `你${title ? `在「${quote(title)}」下` : ''}的评论「${quote(comment.content)}」已被隐藏，其他人不会再看到它。\n原因：${reason ?? '违反社区规范'}`,
        });
        const reportsClosed = await resolveReportsOf(trx, 'comment', id, 'comment.hide');
        await writeAudit(trx, actor, {
          action: 'comment.hide',
          targetType: 'comment',
          targetId: id,
          details: { contentType: comment.content_type, contentId: comment.content_id, authorId: comment.user_id, removed, reason, noticeId, reportsClosed },
        });
        return {
          id,
          contentType: comment.content_type,
          contentId: comment.content_id,
          removed,
          noticeId,
          videoId: comment.content_type === 2 ? comment.content_id : null,
        };
      });
    },

    /** Reports of one status with what they are about: open ones oldest first, closed ones newest closed first. */
    reports(status: ReportStatus, offset: number, limit: number): Promise<Paged<ReportEntry>> {
      const query = db
        .selectFrom('reports as r')
        .leftJoin('users as u', 'u.id', 'r.reporter_id')
        .leftJoin('videos as v', (join) => join.onRef('v.id', '=', 'r.target_id').on('r.target_type', '=', 'video'))
        .leftJoin('posts as p', (join) => join.onRef('p.id', '=', 'r.target_id').on('r.target_type', '=', 'post'))
        .leftJoin('reviews as rv', (join) => join.onRef('rv.id', '=', 'r.target_id').on('r.target_type', '=', 'review'))
        .leftJoin('comments as c', (join) => join.onRef('c.id', '=', 'r.target_id').on('r.target_type', '=', 'comment'))
        .select([
          'r.id',
          'r.target_type',
          'r.target_id',
          'r.target_author_id',
          'r.reason',
          'r.detail',
          'r.status',
          'r.created_at',
          'r.closed_at',
          'r.close_note',
          'r.reporter_id',
          'u.account as reporter_account',
          'u.nickname as reporter_nickname',
          sql<string>`coalesce(v.title, p.title, rv.title, left(c.content, ${EXCERPT}), '')`.as('target_title'),
          sql<boolean>`coalesce(v.listed, p.status = 'published', rv.status = 'published', c.hidden_at IS NULL, false)`.as('target_visible'),
        ])
        .where('r.status', '=', status)
        .$if(status === 'open', (q) => q.orderBy('r.created_at').orderBy('r.id'))
        .$if(status !== 'open', (q) => q.orderBy('r.closed_at', 'desc').orderBy('r.id', 'desc'));
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          id: r.id,
          targetType: r.target_type,
          targetId: r.target_id,
          target: { title: r.target_title, authorId: r.target_author_id, visible: Boolean(r.target_visible) },
          reason: r.reason,
          reasonName: REPORT_REASONS[r.reason as keyof typeof REPORT_REASONS] ?? r.reason,
          detail: r.detail,
          reporter:
            r.reporter_id === null || r.reporter_account === null
              ? null
              : { id: r.reporter_id, account: r.reporter_account, nickname: r.reporter_nickname ?? '' },
          status: r.status as ReportStatus,
          createdAt: new Date(r.created_at).toISOString(),
          closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
          note: r.close_note,
        })),
      );
    },

    /** Closes an open report (once: the update's condition decides between racing closes). */
    async closeReport(actor: Actor, id: number, status: 'resolved' | 'dismissed', note: string | null): Promise<CloseOutcome> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('reports')
          .set({ status, closed_at: sql<Date>`now()`, close_note: note })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .returning(['target_type', 'target_id'])
          .executeTakeFirst();
        if (!row) {
          const now = await trx.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirst();
          return now ? { refused: 'already', status: now.status } : { refused: 'not-found' };
        }
        await writeAudit(trx, actor, {
          action: status === 'resolved' ? 'report.resolve' : 'report.dismiss',
          targetType: 'report',
          targetId: id,
          details: { targetType: row.target_type, targetId: row.target_id, note },
        });
        return { id, status };
      });
    },

    /** Feedback of one status: new ones oldest first, answered ones newest answer first. */
    feedback(status: FeedbackStatus, offset: number, limit: number): Promise<Paged<FeedbackEntry>> {
      const query = db
        .selectFrom('feedbacks as f')
        .innerJoin('feedback_categories as fc', 'fc.id', 'f.category_id')
        .leftJoin('users as u', 'u.id', 'f.user_id')
        .select([
          'f.id',
          'f.user_id',
          'f.content',
          'f.contact',
          'f.images',
          'f.status',
          'f.answer',
          'f.answered_at',
          'f.created_at',
          'fc.name as category',
          'u.account',
          'u.nickname',
          'u.is_user',
        ])
        .where('f.status', '=', status)
        .$if(status === 'new', (q) => q.orderBy('f.created_at').orderBy('f.id'))
        .$if(status !== 'new', (q) => q.orderBy('f.answered_at', 'desc').orderBy('f.id', 'desc'));
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          id: r.id,
          sender:
            r.user_id === null || r.nickname === null ? null : { id: r.user_id, account: r.account ?? '', nickname: r.nickname, isUser: Boolean(r.is_user) },
          category: r.category,
          content: r.content,
          contact: r.contact,
          images: (typeof r.images === 'string' ? (JSON.parse(r.images) as { path: string }[]) : r.images).map((i) => i.path),
          status: r.status as FeedbackStatus,
          answer: r.answer,
          answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },

    /**
     * Answers a new feedback (once: racing answers store one), and tells its sender under 公告
     * with their words and the answer; a guest's notice waits for them should they sign up.
     */
    async answerFeedback(actor: Actor, id: number, answer: string): Promise<AnswerOutcome> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('feedbacks')
          .set({ status: 'answered', answer, answered_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('status', '=', 'new')
          .returning(['user_id', 'content'])
          .executeTakeFirst();
        if (!row) {
          const now = await trx.selectFrom('feedbacks').select('status').where('id', '=', id).executeTakeFirst();
          return now ? { refused: 'already' } : { refused: 'not-found' };
        }
        const noticeId = await notice(trx, row.user_id, { title: '你的反馈有了回复', content: `你的反馈：「${quote(row.content)}」\n回复：${answer}` });
        await writeAudit(trx, actor, { action: 'feedback.answer', targetType: 'feedback', targetId: id, details: { userId: row.user_id, answer, noticeId } });
        return { id, status: 'answered', noticeId };
      });
    },

    /** The member named by account key or id; undefined for guests and unknown ones. */
    async member(ref: { accountKey?: string; userId?: number }): Promise<MemberInfo | undefined> {
      const row = await memberQuery()
        .where('u.is_user', '=', true)
        .$if(ref.userId !== undefined, (q) => q.where('u.id', '=', ref.userId!))
        .$if(ref.userId === undefined, (q) => q.where('u.account_key', '=', ref.accountKey ?? ''))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        account: row.account ?? '',
        nickname: row.nickname,
        isUser: row.is_user,
        operator: Boolean(row.operator),
        suspended: row.suspended_at !== null,
        suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
        suspendReason: row.suspend_reason,
        sessions: Number(row.sessions),
        createdAt: new Date(row.created_at).toISOString(),
      };
    },

    /**
     * Suspends a member (not an operator: revoke the role first). The session check reads the
     * column with every token, so every session of theirs answers 1000 at once on every instance.
     */
    async suspend(actor: Actor, userId: number, reason: string): Promise<SuspendOutcome> {
      return db.transaction().execute(async (trx) => {
        const user = await lockMember(trx, userId);
        if (!user) return { refused: 'not-found' };
        const operator = await trx.selectFrom('operators').select('user_id').where('user_id', '=', userId).executeTakeFirst();
        if (operator) return { refused: 'operator' };
        const changed = user.suspended_at === null;
        if (changed) {
          await trx
            .updateTable('users')
            .set({ suspended_at: sql<Date>`now()`, suspend_reason: reason })
            .where('id', '=', userId)
            .execute();
        }
        await writeAudit(trx, actor, { action: 'member.suspend', targetType: 'user', targetId: userId, details: { account: user.account, reason, changed } });
        return { id: userId, account: user.account ?? '', suspended: true, changed };
      });
    },

    /** Lifts a suspension: the member's live sessions work again and they can sign in. */
    async restore(actor: Actor, userId: number): Promise<SuspendOutcome> {
      return db.transaction().execute(async (trx) => {
        const user = await lockMember(trx, userId);
        if (!user) return { refused: 'not-found' };
        const changed = user.suspended_at !== null;
        if (changed) await trx.updateTable('users').set({ suspended_at: null, suspend_reason: null }).where('id', '=', userId).execute();
        await writeAudit(trx, actor, { action: 'member.restore', targetType: 'user', targetId: userId, details: { account: user.account, changed } });
        return { id: userId, account: user.account ?? '', suspended: false, changed };
      });
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
