import { sql, type Kysely, type Selectable } from 'kysely';
import type { CommentItem, CommentThread, CommentVoteState, MyComment } from '../../../protocol/content-api.ts';
import type { CommentTable, Schema } from '../schema.ts';
import { messagesRepository } from './messages.ts';
import { page, type Paged } from './paging.ts';
import { notBlockedBy } from './safety.ts';

export type CommentSort = 'latest' | 'hot';

/** Replies shown under each top-level comment of comment/list; comment/replies pages the rest. */
export const REPLIES_PREVIEW = 3;

/** A comments row as the lists read it: with the author's current avatar and the viewer's vote. */
type CommentRow = Selectable<CommentTable> & { avatar: string | null; my_vote: number };

function toComment(r: CommentRow): CommentItem {
  return {
    id: r.id,
    content: r.content,
    user: { id: r.user_id ?? 0, nickname: r.author_name, avatar: r.avatar ?? '' },
    likeCount: r.like_count,
    opposeCount: r.oppose_count,
    replyCount: r.reply_count,
    createdAt: new Date(r.created_at).toISOString(),
    parentId: r.parent_id,
    replyTo: r.reply_to_name === null ? null : { id: r.reply_to_user_id ?? 0, nickname: r.reply_to_name },
    myVote: Number(r.my_vote),
  };
}

/** The table of each content type a comment can be written under, and whether its rows have an author. */
const TARGETS = {
  2: { table: 'videos', authored: false },
  3: { table: 'reviews', authored: true },
  5: { table: 'posts', authored: true },
} as const;
export type CommentTarget = keyof typeof TARGETS;

export type AddOutcome = CommentItem | 'no-target' | 'no-parent' | 'blocked';

const DEMO_AUTHORS = ['晨跑的阿杰', '爱做饭的小林', '山野旅人', '城市观察员', '键盘收藏家', '周末骑行队', '拍照的老王', '看海的人'];
const DEMO_LINES = [
  '画面太舒服了，反复看了好几遍。',
  '这个角度拍得真好，学到了。',
  '背景音乐是什么？求分享。',
  '周末也想去试试，有攻略吗？',
  '细节满满，制作用心了。',
  '看完心情变好了，谢谢分享！',
  '第一次知道还可以这样，涨知识了。',
  '节奏刚刚好，一点都不拖沓。',
  '收藏了，下次照着做。',
  '希望多出一些这样的内容。',
  '光线处理得很自然。',
  '和朋友一起看的，都说好看。',
];

export function commentsRepository(db: Kysely<Schema>) {
  /**
   * Comments with the author's current avatar and `viewerId`'s vote (0 matches no one); comments an
   * operator hid are left out for everyone, their author too (who got a notice saying so).
   */
  const withViewer = (viewerId: number) =>
    db
      .selectFrom('comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('comment_votes as mv', (join) => join.onRef('mv.comment_id', '=', 'c.id').on('mv.user_id', '=', viewerId))
      .selectAll('c')
      .select(['u.avatar as avatar', sql<number>`coalesce(mv.vote, 0)`.as('my_vote')])
      .where('c.hidden_at', 'is', null);

  /** What `viewerId` reads: comments without those of members they blocked (a guest, 0, blocks no one). */
  const readBy = (viewerId: number) => withViewer(viewerId).$if(viewerId > 0, (q) => q.where(notBlockedBy(viewerId, 'c.user_id')));

  /** The oldest REPLIES_PREVIEW replies of each of `parentIds` that `viewerId` reads, by parent, and how many they read in all. */
  async function previews(parentIds: number[], viewerId: number): Promise<Map<number, { list: CommentItem[]; count: number }>> {
    const byParent = new Map<number, { list: CommentItem[]; count: number }>();
    if (parentIds.length === 0) return byParent;
    // Only the first few rows of each thread leave the database.
    const rows = await db
      .selectFrom(
        readBy(viewerId)
          .select([
            sql<number>`row_number() over (partition by c.parent_id order by c.created_at, c.id)`.as('rn'),
            sql<string>`count(*) over (partition by c.parent_id)`.as('shown'),
          ])
          .where('c.parent_id', 'in', parentIds)
          .as('t'),
      )
      .selectAll()
      .where('t.rn', '<=', REPLIES_PREVIEW)
      .orderBy('t.parent_id')
      .orderBy('t.rn')
      .execute();
    for (const row of rows) {
      const thread = byParent.get(row.parent_id!) ?? { list: [], count: Number(row.shown) };
      thread.list.push(toComment(row));
      byParent.set(row.parent_id!, thread);
    }
    return byParent;
  }

  return {
    /**
     * One page of the top-level comments on a video, review or post, newest or most supported
     * first, each with its oldest replies; the total is of top-level comments. A viewer's list
     * leaves out the comments and replies of members they blocked, and each thread's replyCount
     * is then the replies they read.
     */
    list(contentType: CommentTarget, id: number, sort: CommentSort, offset: number, limit: number, viewerId = 0): Promise<Paged<CommentThread>> {
      const query = readBy(viewerId).where('c.content_type', '=', contentType).where('c.content_id', '=', id).where('c.parent_id', 'is', null);
      const sorted = sort === 'hot' ? query.orderBy('c.like_count', 'desc') : query.orderBy('c.created_at', 'desc');
      return page(sorted.orderBy('c.id', 'desc'), offset, limit, async (rows) => {
        const replies = await previews(
          rows.filter((r) => r.reply_count > 0).map((r) => r.id),
          viewerId,
        );
        return rows.map((r) => {
          const thread = replies.get(r.id);
          const comment = toComment(r);
          return { ...comment, replyCount: viewerId > 0 && r.reply_count > 0 ? (thread?.count ?? 0) : comment.replyCount, replies: thread?.list ?? [] };
        });
      });
    },

    /**
     * The replies under one top-level comment, oldest first (without those of members the viewer
     * blocked); undefined when it is not a top-level comment.
     */
    async replies(parentId: number, offset: number, limit: number, viewerId = 0): Promise<Paged<CommentItem> | undefined> {
      const parent = await db.selectFrom('comments').select('parent_id').where('id', '=', parentId).where('hidden_at', 'is', null).executeTakeFirst();
      if (!parent || parent.parent_id !== null) return undefined;
      const query = readBy(viewerId).where('c.parent_id', '=', parentId).orderBy('c.created_at').orderBy('c.id');
      return page(query, offset, limit, (rows) => rows.map(toComment));
    },

    /**
     * One page of a member's own comments, newest first, each with the title of the video, review
     * or post it was written under ('' when that is gone).
     */
    mine(userId: number, offset: number, limit: number): Promise<Paged<MyComment>> {
      const query = withViewer(userId)
        .leftJoin('videos as v', (join) => join.onRef('v.id', '=', 'c.content_id').on('c.content_type', '=', 2))
        .leftJoin('reviews as r', (join) => join.onRef('r.id', '=', 'c.content_id').on('c.content_type', '=', 3))
        .leftJoin('posts as p', (join) => join.onRef('p.id', '=', 'c.content_id').on('c.content_type', '=', 5))
        .select(sql<string>`coalesce(v.title, r.title, p.title, '')`.as('target_title'))
        .where('c.user_id', '=', userId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({ ...toComment(r), target: { contentType: r.content_type, id: r.content_id, title: r.target_title } })),
      );
    },

    /** Whether something can be commented on: a video, a review, or a published post. */
    async targetExists(contentType: CommentTarget, id: number): Promise<boolean> {
      const { table } = TARGETS[contentType];
      const query = db.selectFrom(table).select('id').where('id', '=', id);
      const row = await (table === 'videos' ? query : query.where('status', '=', 'published')).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Writes a comment, or a reply under the top-level comment of `parentId` (on the same item), in
     * one transaction with the item's comment count, the parent's reply count and the message to
     * whom it concerns: a reply's addressee (3), or a review's or post's author for a new comment
     * (2); nobody is told about their own doing. A member blocked by the author of the comment they
     * answer, or by the author of the post or review, is refused ('blocked').
     */
    async add(
      author: { id: number; nickname: string; avatar: string },
      input: { contentType: CommentTarget; id: number; content: string; parentId?: number },
    ): Promise<AddOutcome> {
      return db.transaction().execute(async (trx) => {
        const { table, authored } = TARGETS[input.contentType];
        const target = await trx
          .selectFrom(table)
          .select(['id', 'title', ...(authored ? [sql<number>`author_id`.as('author_id')] : [])])
          .where('id', '=', input.id)
          .$if(table === 'posts', (q) => q.where(sql<boolean>`status = 'published'`))
          .executeTakeFirst();
        if (!target) return 'no-target';
        let parent: { id: number; user_id: number | null; author_name: string; top: number } | undefined;
        if (input.parentId !== undefined) {
          const row = await trx
            .selectFrom('comments')
            .select(['id', 'user_id', 'author_name', 'parent_id'])
            .where('id', '=', input.parentId)
            .where('content_type', '=', input.contentType)
            .where('content_id', '=', input.id)
            .where('hidden_at', 'is', null)
            .executeTakeFirst();
          if (!row) return 'no-parent';
          parent = { id: row.id, user_id: row.user_id, author_name: row.author_name, top: row.parent_id ?? row.id };
        }
        // Whom this comment reaches: the comment it answers, and the post's or review's author.
        const addressees = [parent?.user_id, 'author_id' in target ? Number(target.author_id) : null].filter(
          (who): who is number => typeof who === 'number' && who !== author.id,
        );
        if (addressees.length > 0) {
          const refused = await trx
            .selectFrom('user_blocks')
            .select('blocker_id')
            .where('blocker_id', 'in', addressees)
            .where('blocked_id', '=', author.id)
            .executeTakeFirst();
          if (refused) return 'blocked';
        }
        const inserted = await trx
          .insertInto('comments')
          .values({
            content_type: input.contentType,
            content_id: input.id,
            user_id: author.id,
            author_name: author.nickname,
            content: input.content,
            like_count: 0,
            reply_count: 0,
            created_at: sql<Date>`now()`,
            parent_id: parent?.top ?? null,
            reply_to_user_id: parent?.user_id ?? null,
            reply_to_name: parent?.author_name ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable(table)
          .set({ comment_count: sql`comment_count + 1` })
          .where('id', '=', input.id)
          .execute();
        if (parent) {
          await trx
            .updateTable('comments')
            .set({ reply_count: sql`reply_count + 1` })
            .where('id', '=', parent.top)
            .execute();
        }
        const about = { contentType: input.contentType, id: input.id, title: String(target.title) };
        const messages = messagesRepository(trx);
        if (parent?.user_id) await messages.notify({ userId: parent.user_id, type: 3, fromUserId: author.id, target: about, content: input.content });
        else if (!parent && 'author_id' in target) {
          const owner = Number(target.author_id);
          const exists = await trx.selectFrom('users').select('id').where('id', '=', owner).where('is_user', '=', true).executeTakeFirst();
          if (exists) await messages.notify({ userId: owner, type: 2, fromUserId: author.id, target: about, content: input.content });
        }
        return toComment({ ...inserted, avatar: author.avatar, my_vote: 0 });
      });
    },

    /**
     * Sets the member's vote on a comment (1 support, -1 opposition, 0 none) and the comment's two
     * counts with it, in one transaction holding the comment's row, so racing votes of many
     * members (or one member's two devices) leave counts equal to the votes. A member's first
     * support tells the comment's author (message 4), once. undefined when there is no such comment.
     */
    async vote(userId: number, commentId: number, vote: 1 | -1 | 0): Promise<CommentVoteState | undefined> {
      return db.transaction().execute(async (trx) => {
        const comment = await trx
          .selectFrom('comments')
          .select(['id', 'user_id', 'content_type', 'content_id', 'like_count', 'oppose_count'])
          .where('id', '=', commentId)
          .where('hidden_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!comment) return undefined;
        const before = await trx
          .selectFrom('comment_votes')
          .select('vote')
          .where('comment_id', '=', commentId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const previous = before?.vote ?? 0;
        if (previous === vote) return { likeCount: comment.like_count, opposeCount: comment.oppose_count, myVote: vote };
        // A vote taken back stays as 0, so only a member's very first support tells the author.
        await trx
          .insertInto('comment_votes')
          .values({ comment_id: commentId, user_id: userId, vote })
          .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doUpdateSet({ vote }))
          .execute();
        const likes = (vote === 1 ? 1 : 0) - (previous === 1 ? 1 : 0);
        const opposes = (vote === -1 ? 1 : 0) - (previous === -1 ? 1 : 0);
        const after = await trx
          .updateTable('comments')
          .set({ like_count: sql`like_count + ${likes}`, oppose_count: sql`oppose_count + ${opposes}` })
          .where('id', '=', commentId)
          .returning(['like_count', 'oppose_count'])
          .executeTakeFirstOrThrow();
        if (vote === 1 && before === undefined && comment.user_id !== null) {
          const { table } = TARGETS[comment.content_type as CommentTarget] ?? TARGETS[2];
          const item = await trx.selectFrom(table).select('title').where('id', '=', comment.content_id).executeTakeFirst();
          await messagesRepository(trx).notify({
            userId: comment.user_id,
            type: 4,
            fromUserId: userId,
            target: { contentType: comment.content_type, id: comment.content_id, title: item?.title ?? '' },
          });
        }
        return { likeCount: after.like_count, opposeCount: after.oppose_count, myVote: vote };
      });
    },

    /** Whether the member accepted the community rules, and when. */
    async rules(userId: number): Promise<Date | null> {
      const row = await db.selectFrom('users').select('rules_confirmed_at').where('id', '=', userId).executeTakeFirst();
      return row?.rules_confirmed_at ?? null;
    },

    /** Records that the member accepted the rules (the first time counts); answers when. */
    async confirmRules(userId: number): Promise<Date> {
      await db
        .updateTable('users')
        .set({ rules_confirmed_at: sql<Date>`coalesce(rules_confirmed_at, now())` })
        .where('id', '=', userId)
        .execute();
      return (await this.rules(userId)) ?? new Date();
    },

    /**
     * Gives every video a handful of demo comments once (deployments seeded before comments
     * existed get them too), and makes the videos' comment counts match.
     */
    async seedDemo(now = Date.now()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('comments').select('id').limit(1).executeTakeFirst();
        if (existing) return false;
        const videos = await trx.selectFrom('videos').select('id').orderBy('id').execute();
        if (!videos.length) return false;
        const rows = videos.flatMap(({ id }) =>
          Array.from({ length: 3 + (id % 6) }, (_, n) => ({
            content_type: 2,
            content_id: id,
            author_name: DEMO_AUTHORS[(id + n * 3) % DEMO_AUTHORS.length]!,
            content: DEMO_LINES[(id * 7 + n * 5) % DEMO_LINES.length]!,
            like_count: (id * 37 + n * 101) % 500,
            reply_count: 0,
            created_at: new Date(now - ((id * 13 + n * 29) % 240) * 3_600_000 - n * 60_000),
          })),
        );
        await trx.insertInto('comments').values(rows).execute();
        await trx
          .updateTable('videos')
          .set({
            comment_count: sql`(select count(*) from comments c where c.content_type = 2 and c.content_id = videos.id)`,
          })
          .execute();
        return true;
      });
    },
  };
}

export type CommentsRepository = ReturnType<typeof commentsRepository>;
