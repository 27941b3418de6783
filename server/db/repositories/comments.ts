import { sql, type Kysely, type Selectable } from 'kysely';
import type { CommentItem, MyComment } from '../../../protocol/content-api.ts';
import type { CommentTable, Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

export type CommentSort = 'latest' | 'hot';

function toComment(r: Selectable<CommentTable>): CommentItem {
  return {
    id: r.id,
    content: r.content,
    user: { id: r.user_id ?? 0, nickname: r.author_name, avatar: '' },
    likeCount: r.like_count,
    replyCount: r.reply_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

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
  return {
    /** One page of a video's comments, newest or most liked first, with the total in the same query. */
    list(videoId: number, sort: CommentSort, offset: number, limit: number): Promise<Paged<CommentItem>> {
      const query = db.selectFrom('comments').selectAll().where('content_type', '=', 2).where('content_id', '=', videoId);
      const sorted = sort === 'hot' ? query.orderBy('like_count', 'desc') : query.orderBy('created_at', 'desc');
      return page(sorted.orderBy('id', 'desc'), offset, limit, (rows) => rows.map(toComment));
    },

    /**
     * One page of a member's own comments, newest first, each with the title of the video, review
     * or post it was written under ('' when that is gone).
     */
    mine(userId: number, offset: number, limit: number): Promise<Paged<MyComment>> {
      const query = db
        .selectFrom('comments as c')
        .leftJoin('videos as v', (join) => join.onRef('v.id', '=', 'c.content_id').on('c.content_type', '=', 2))
        .leftJoin('reviews as r', (join) => join.onRef('r.id', '=', 'c.content_id').on('c.content_type', '=', 3))
        .leftJoin('posts as p', (join) => join.onRef('p.id', '=', 'c.content_id').on('c.content_type', '=', 5))
        .selectAll('c')
        .select(sql<string>`coalesce(v.title, r.title, p.title, '')`.as('target_title'))
        .where('c.user_id', '=', userId)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({ ...toComment(r), target: { contentType: r.content_type, id: r.content_id, title: r.target_title } })),
      );
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
