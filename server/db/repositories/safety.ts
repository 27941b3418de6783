import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BlockedMember, ReportReason, ReportTarget } from '../../../protocol/safety-api.ts';
import type { Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

/**
 * True for rows whose author `authorColumn` (a qualified column: 'posts.author_id', 'c.user_id')
 * is not blocked by `viewerId`: one probe of user_blocks' key per row. A row without an author
 * (null) always passes. Lists add it only for a viewer (viewerId > 0).
 */
export function notBlockedBy(viewerId: number, authorColumn: string): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${viewerId} AND ub.blocked_id = ${sql.ref(authorColumn)})`;
}

export interface NewReport {
  reporterId: number;
  targetType: ReportTarget;
  targetId: number;
  reason: ReportReason;
  detail: string;
}

export type ReportOutcome = { id: number; createdAt: string; duplicate: boolean } | 'no-target' | 'own';

export function safetyRepository(db: Kysely<Schema>) {
  /**
   * The author of a target anyone may see (null when it has none: a video, a seeded comment), or
   * undefined when there is no such visible target: posts and reviews must be published, and a
   * comment must sit under a video or a published post or review.
   */
  async function visibleTarget(type: ReportTarget, id: number): Promise<{ author: number | null } | undefined> {
    switch (type) {
      case 'video': {
        const row = await db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
        return row && { author: null };
      }
      case 'post': {
        const row = await db.selectFrom('posts').select('author_id').where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
        return row && { author: row.author_id };
      }
      case 'review': {
        const row = await db.selectFrom('reviews').select('author_id').where('id', '=', id).where('status', '=', 'published').executeTakeFirst();
        return row && { author: row.author_id };
      }
      case 'comment': {
        const row = await db
          .selectFrom('comments as c')
          .select('c.user_id')
          .where('c.id', '=', id)
          .where('c.hidden_at', 'is', null)
          .where(
            sql<boolean>`(c.content_type = 2
              OR (c.content_type = 3 AND EXISTS (SELECT 1 FROM reviews r WHERE r.id = c.content_id AND r.status = 'published'))
              OR (c.content_type = 5 AND EXISTS (SELECT 1 FROM posts p WHERE p.id = c.content_id AND p.status = 'published')))`,
          )
          .executeTakeFirst();
        return row && { author: row.user_id };
      }
    }
  }

  return {
    /**
     * Files a report in the operators' queue with status open. A member's second open report of
     * the same target stores nothing (the partial unique index decides, however many race) and
     * answers the first one with `duplicate`. Their own content cannot be reported.
     */
    async addReport(input: NewReport): Promise<ReportOutcome> {
      const target = await visibleTarget(input.targetType, input.targetId);
      if (!target) return 'no-target';
      if (target.author === input.reporterId) return 'own';
      const inserted = await db
        .insertInto('reports')
        .values({
          reporter_id: input.reporterId,
          target_type: input.targetType,
          target_id: input.targetId,
          target_author_id: target.author,
          reason: input.reason,
          detail: input.detail,
        })
        // The conflict target names the partial index by its columns and predicate (a literal: a
        // parameter there would not match the index).
        .onConflict((oc) =>
          oc
            .columns(['reporter_id', 'target_type', 'target_id'])
            .where(sql<boolean>`status = 'open'`)
            .doNothing(),
        )
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, createdAt: new Date(inserted.created_at).toISOString(), duplicate: false };
      // The racing insert that won has committed (ours waited for it): its row is the answer.
      const open = await db
        .selectFrom('reports')
        .select(['id', 'created_at'])
        .where('reporter_id', '=', input.reporterId)
        .where('target_type', '=', input.targetType)
        .where('target_id', '=', input.targetId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      // Closed by an operator in between: this report is a new one.
      if (!open) return this.addReport(input);
      return { id: open.id, createdAt: new Date(open.created_at).toISOString(), duplicate: true };
    },

    /**
     * `blockerId` blocks `blockedId` (a member): once, however often asked (ON CONFLICT DO
     * NOTHING). False when there is no such member.
     */
    async block(blockerId: number, blockedId: number): Promise<boolean> {
      const member = await db.selectFrom('users').select('id').where('id', '=', blockedId).where('is_user', '=', true).executeTakeFirst();
      if (!member) return false;
      await db
        .insertInto('user_blocks')
        .values({ blocker_id: blockerId, blocked_id: blockedId })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
      return true;
    },

    /** Takes `blockerId`'s block of `blockedId` back (nothing when there was none). False when there is no such user. */
    async unblock(blockerId: number, blockedId: number): Promise<boolean> {
      const result = await db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) return true;
      const user = await db.selectFrom('users').select('id').where('id', '=', blockedId).executeTakeFirst();
      return user !== undefined;
    },

    /** The members `blockerId` blocked, newest first, with their current name and avatar. */
    blocklist(blockerId: number, offset: number, limit: number): Promise<Paged<BlockedMember>> {
      const query = db
        .selectFrom('user_blocks as b')
        .innerJoin('users as u', 'u.id', 'b.blocked_id')
        .select(['u.id', 'u.nickname', 'u.avatar', 'b.created_at'])
        .where('b.blocker_id', '=', blockerId)
        .orderBy('b.created_at', 'desc')
        .orderBy('b.blocked_id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({ id: r.id, nickname: r.nickname, avatar: r.avatar, blockedAt: new Date(r.created_at).toISOString() })),
      );
    },

    /**
     * The member of a live session when they block anyone, else undefined: one query, which a
     * shared cached answer (search) asks only when it holds something that could be theirs to hide.
     */
    async blockerOfSession(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('sessions as s')
        .select('s.user_id')
        .where('s.token_hash', '=', tokenHash)
        .where('s.expires_at', '>', now)
        .where(sql<boolean>`EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = s.user_id)`)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type SafetyRepository = ReturnType<typeof safetyRepository>;
