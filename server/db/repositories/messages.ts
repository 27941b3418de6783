import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { MessageHasNew, MessageItem, MessageLatest, MessageTarget, MessageType } from '../../../protocol/member-api.ts';
import type { MessageTable, Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

/** A comment (2), reply (3) or support (4) for one member, from another. */
export interface Notification {
  userId: number;
  type: 2 | 3 | 4;
  fromUserId: number;
  target: MessageTarget;
  /** The comment or reply; '' for a support. */
  content?: string;
}

/** An announcement: to everyone, or with `userId` a notice to one member. */
export interface Announcement {
  title: string;
  content: string;
  userId?: number;
  /** Defaults to now (the seed dates its announcements in the past). */
  createdAt?: Date;
}

/** An announcement as a row of `messages`: type 1, from no one, about nothing. */
export function announcementRow(a: Announcement): Insertable<MessageTable> {
  return {
    type: 1,
    user_id: a.userId ?? null,
    from_user_id: null,
    title: a.title,
    content: a.content,
    target_type: null,
    target_id: null,
    target_title: null,
    ...(a.createdAt && { created_at: a.createdAt }),
  };
}

interface MessageRow {
  id: number;
  type: number;
  title: string;
  content: string;
  from_id: number | null;
  from_nickname: string | null;
  from_avatar: string | null;
  target_type: number | null;
  target_id: number | null;
  target_title: string | null;
  created_at: Date | string;
  read: boolean;
}

function toMessage(r: MessageRow): MessageItem {
  return {
    id: r.id,
    type: r.type as MessageType,
    title: r.title,
    content: r.content,
    from: r.from_id === null ? null : { id: r.from_id, nickname: r.from_nickname ?? '', avatar: r.from_avatar ?? '' },
    target: r.target_type === null || r.target_id === null ? null : { contentType: r.target_type, id: r.target_id, title: r.target_title ?? '' },
    read: r.read,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * Whether message `m` is unread for `userId`, whose read mark of m's tab is `r` (left-joined): past
 * the mark; without a mark, anything addressed to them, and announcements to everyone made since the
 * account (older ones count as read). Addressed messages are not compared by time: PGlite's clock
 * has millisecond steps, so a welcome written in the account's own millisecond would count as read.
 */
const unread = (userId: number) =>
  sql<SqlBool>`CASE WHEN r.read_id IS NULL THEN m.user_id IS NOT NULL OR m.created_at >= (SELECT created_at FROM users WHERE id = ${userId}) ELSE m.id > r.read_id END`;

/** What `userId` may see: messages addressed to them and announcements to everyone. */
const visibleTo = (userId: number) => (eb: ExpressionBuilder<Schema & { m: Schema['messages'] }, 'm'>) =>
  eb.or([eb('m.user_id', '=', userId), eb('m.user_id', 'is', null)]);

export function messagesRepository(db: Kysely<Schema>) {
  /** Messages `userId` may see with their sender and read flag; each caller narrows and orders. */
  const items = (userId: number) =>
    db
      .selectFrom('messages as m')
      .leftJoin('users as f', 'f.id', 'm.from_user_id')
      .leftJoin('message_reads as r', (join) => join.on('r.user_id', '=', userId).onRef('r.type', '=', 'm.type'))
      .select([
        'm.id',
        'm.type',
        'm.title',
        'm.content',
        'f.id as from_id',
        'f.nickname as from_nickname',
        'f.avatar as from_avatar',
        'm.target_type',
        'm.target_id',
        'm.target_title',
        'm.created_at',
      ])
      .select(sql<boolean>`NOT (${unread(userId)})`.as('read'))
      .where(visibleTo(userId));

  /** Unread messages over the four tabs, in one query. */
  async function hasNew(userId: number): Promise<MessageHasNew> {
    const row = await db
      .selectFrom('messages as m')
      .leftJoin('message_reads as r', (join) => join.on('r.user_id', '=', userId).onRef('r.type', '=', 'm.type'))
      .select(sql<string>`count(*)`.as('n'))
      .where(visibleTo(userId))
      .where(unread(userId) as Expression<SqlBool>)
      .executeTakeFirstOrThrow();
    const total = Number(row.n);
    return { hasNew: total > 0, total };
  }

  return {
    hasNew,

    /** One tab, newest first, with the total in the same query; reading marks nothing. */
    list(userId: number, type: MessageType, offset: number, limit: number): Promise<Paged<MessageItem>> {
      // Comments, replies and supports are always addressed: their tab reads one member's index in order.
      const tab = type === 1 ? items(userId) : items(userId).where('m.user_id', '=', userId);
      const query = tab.where('m.type', '=', type).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
      return page(query, offset, limit, (rows) => rows.map(toMessage));
    },

    /** An announcement to everyone or to `userId`; undefined for anything else. */
    async announcement(userId: number, id: number): Promise<MessageItem | undefined> {
      const row = await items(userId).where('m.id', '=', id).where('m.type', '=', 1).executeTakeFirst();
      return row && toMessage(row);
    },

    /** Per tab (1..4), its unread count and newest message, in one query. */
    async latest(userId: number): Promise<MessageLatest> {
      const { rows } = await sql<MessageRow & { tab: number; unread: string | number | bigint }>`
        SELECT t.tab,
          (SELECT count(*) FROM messages m
            WHERE m.type = t.tab AND (m.user_id = ${userId} OR m.user_id IS NULL) AND ${unread(userId)}) AS unread,
          l.*
        FROM (VALUES (1), (2), (3), (4)) AS t (tab)
        LEFT JOIN message_reads r ON r.user_id = ${userId} AND r.type = t.tab
        LEFT JOIN LATERAL (
          SELECT m.id, m.type, m.title, m.content, f.id AS from_id, f.nickname AS from_nickname, f.avatar AS from_avatar,
            m.target_type, m.target_id, m.target_title, m.created_at, NOT (${unread(userId)}) AS read
          FROM messages m LEFT JOIN users f ON f.id = m.from_user_id
          WHERE m.type = t.tab AND (m.user_id = ${userId} OR m.user_id IS NULL)
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT 1
        ) l ON true
        ORDER BY t.tab`.execute(db);
      return rows.map((r) => ({ type: r.tab as MessageType, unread: Number(r.unread), latest: r.id === null ? null : toMessage(r) }));
    },

    /** Marks tab `type` read up to the newest message now, then answers the unread counts. */
    async markRead(userId: number, type: MessageType): Promise<MessageHasNew> {
      await sql`
        INSERT INTO message_reads (user_id, type, read_id)
        VALUES (${userId}, ${type}, (SELECT coalesce(max(id), 0) FROM messages))
        ON CONFLICT (user_id, type) DO UPDATE SET read_id = greatest(message_reads.read_id, excluded.read_id)`.execute(db);
      return hasNew(userId);
    },

    /** Tells a member about a comment, reply or support; nothing when they did it themselves or the member blocked them. Answers the message id. */
    async notify(n: Notification): Promise<number | null> {
      if (n.fromUserId === n.userId) return null;
      // Nothing reaches a member from someone they blocked (user/block).
      const blocked = await db
        .selectFrom('user_blocks')
        .select('blocker_id')
        .where('blocker_id', '=', n.userId)
        .where('blocked_id', '=', n.fromUserId)
        .executeTakeFirst();
      if (blocked) return null;
      const row = await db
        .insertInto('messages')
        .values({
          type: n.type,
          user_id: n.userId,
          from_user_id: n.fromUserId,
          content: n.content ?? '',
          target_type: n.target.contentType,
          target_id: n.target.id,
          target_title: n.target.title,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Publishes an announcement (to everyone, or a notice to `userId`); answers its id. */
    async announce(a: Announcement): Promise<number> {
      const row = await db.insertInto('messages').values(announcementRow(a)).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
