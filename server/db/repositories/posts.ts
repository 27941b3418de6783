import { sql, type Kysely, type Selectable } from 'kysely';
import type { MyPost, PostAccess, PostCenter, PostDetail, PostItem, PostTag } from '../../../protocol/content-api.ts';
import { POST_CARD_IMAGES, POST_PREVIEW_LENGTH, type PostStatus } from '../../../protocol/contracts/content.ts';
import type { PostImageValue, PostTable, Schema } from '../schema.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';
import { changeScore } from './members.ts';
import { claimUploads } from './uploads.ts';
import { page, type Paged } from './paging.ts';
import { containsPattern } from './search.ts';
import { notBlockedBy } from './safety.ts';

/** Characters of body text in a list excerpt. */
export const EXCERPT_LENGTH = 80;
/** Characters kept before the first match, so the excerpt reads as a sentence around it. */
const EXCERPT_LEAD = 16;
/** Posts post/maylike answers. */
export const MAY_LIKE_COUNT = 6;

type PostRow = Selectable<PostTable>;
/** A post row as a viewer sees it: whether they may read it whole. */
type ViewedRow = PostRow & { unlocked: boolean };
type TagName = { id: number; name: string };

/**
 * A one-line plain-text excerpt of a post body: from the start, or, when the keyword first appears
 * past the start's reach, around it, so a search result shows why it matched.
 */
export function excerptOf(content: string, keyword = ''): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const at = keyword ? flat.toLowerCase().indexOf(keyword.toLowerCase()) : -1;
  const start = at + keyword.length > EXCERPT_LENGTH ? Math.max(0, at - EXCERPT_LEAD) : 0;
  const end = start + EXCERPT_LENGTH;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/** The start of a locked post's body, cut at a character (never inside a surrogate pair). */
function previewOf(content: string): string {
  const chars = [...content];
  return chars.length > POST_PREVIEW_LENGTH ? `${chars.slice(0, POST_PREVIEW_LENGTH).join('')}…` : content;
}

const toImages = (images: PostImageValue[]) => images.map((i) => ({ image: i.path, imageWidth: i.width, imageHeight: i.height }));

function toPost(r: ViewedRow, tags: TagName[], keyword?: string): PostItem {
  const images = r.unlocked ? toImages(r.images.slice(0, POST_CARD_IMAGES)) : [];
  return {
    id: r.id,
    contentType: 5,
    title: r.title,
    // A locked post's excerpt comes from its preview only, so a list never shows more than the post page.
    summary: excerptOf(r.unlocked ? r.content : previewOf(r.content), keyword),
    author: { id: r.author_id, nickname: r.author_name, avatar: r.author_avatar },
    videoId: r.video_id,
    viewCount: r.view_count,
    images,
    imageCount: r.images.length,
    tags,
    price: r.price,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const visibleStatus = (status: PostStatus | 'hidden'): PostStatus => (status === 'hidden' ? 'rejected' : status);

export interface NewPost {
  author: { id: number; nickname: string; avatar: string };
  title: string;
  content: string;
  images: string[];
  tagIds: number[];
  price: number;
  videoId?: number;
  status: 'pending' | 'published';
}

export type PublishOutcome = MyPost | 'bad-images' | 'bad-tags' | 'no-video';
export type PayOutcome = PostAccess | 'not-found' | 'free' | { short: number };

export function postsRepository(db: Kysely<Schema>) {
  /** Posts with whether `viewerId` may read each whole: free, their own, or bought. */
  const viewed = (viewerId: number) =>
    db
      .selectFrom('posts')
      .selectAll('posts')
      .select(
        sql<boolean>`(posts.price = 0 OR posts.author_id = ${viewerId} OR EXISTS (SELECT 1 FROM post_purchases pp WHERE pp.post_id = posts.id AND pp.user_id = ${viewerId}))`.as(
          'unlocked',
        ),
      );
  const published = (viewerId = 0) => viewed(viewerId).where('posts.status', '=', 'published');
  /** Published posts as a list shows them to `viewerId`: without those of members they blocked. */
  const listed = (viewerId: number) => published(viewerId).$if(viewerId > 0, (q) => q.where(notBlockedBy(viewerId, 'posts.author_id')));

  /** The tags of each of `ids`, in tag order. */
  async function tagsOf(ids: number[]): Promise<Map<number, TagName[]>> {
    const byPost = new Map<number, TagName[]>();
    if (ids.length === 0) return byPost;
    const rows = await db
      .selectFrom('post_tag_links as l')
      .innerJoin('post_tags as t', 't.id', 'l.tag_id')
      .select(['l.post_id', 't.id', 't.name'])
      .where('l.post_id', 'in', ids)
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute();
    for (const r of rows) {
      const list = byPost.get(r.post_id) ?? [];
      list.push({ id: r.id, name: r.name });
      byPost.set(r.post_id, list);
    }
    return byPost;
  }

  async function toPosts(rows: ViewedRow[], keyword?: string): Promise<PostItem[]> {
    const tags = await tagsOf(rows.map((r) => r.id));
    return rows.map((r) => toPost(r, tags.get(r.id) ?? [], keyword));
  }

  async function toMine(rows: ViewedRow[]): Promise<MyPost[]> {
    const posts = await toPosts(rows);
    return posts.map((p, i) => ({ ...p, status: visibleStatus(rows[i]!.status), rejectReason: rows[i]!.reject_reason }));
  }

  return {
    /**
     * Published posts whose title or body contains the keyword (substring match, so Chinese text
     * matches inside words), newest first; one query with the total alongside. A viewer's search
     * leaves out the posts of members they blocked.
     */
    search(keyword: string, offset: number, limit: number, viewerId = 0): Promise<Paged<PostItem>> {
      const pattern = containsPattern(keyword);
      const query = listed(viewerId)
        .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('content', 'ilike', pattern)]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return page(query, offset, limit, (rows) => toPosts(rows, keyword));
    },

    /**
     * The discussion feed: published posts, with one tag when `tagId` is given, newest or hottest
     * first, without those of members the viewer blocked.
     */
    feed(filter: { tagId?: number; sort: 'latest' | 'hot' }, offset: number, limit: number, viewerId: number): Promise<Paged<PostItem>> {
      let query = listed(viewerId);
      if (filter.tagId !== undefined) {
        const tagId = filter.tagId;
        query = query.where('posts.id', 'in', (eb) => eb.selectFrom('post_tag_links').select('post_id').where('tag_id', '=', tagId));
      }
      query = filter.sort === 'hot' ? query.orderBy('like_count', 'desc').orderBy('id', 'desc') : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
      return page(query, offset, limit, toPosts);
    },

    /** Every discussion tag with how many published posts carry it, in the operators' order. */
    async tags(): Promise<PostTag[]> {
      const rows = await db
        .selectFrom('post_tags as t')
        .leftJoin('post_tag_links as l', 'l.tag_id', 't.id')
        .leftJoin('posts as p', (join) => join.onRef('p.id', '=', 'l.post_id').on('p.status', '=', 'published'))
        .select(['t.id', 't.name', sql<string>`count(p.id)`.as('post_count')])
        .groupBy(['t.id', 't.name', 't.sort'])
        .orderBy('t.sort')
        .orderBy('t.id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, postCount: Number(r.post_count) }));
    },

    /**
     * Posts like post `id`: published ones sharing most of its tags, then the liveliest of the last
     * month; without `id` only the latter. Never the post itself, the viewer's own, nor those of
     * members the viewer blocked.
     */
    async mayLike(id: number | undefined, viewerId: number): Promise<PostItem[]> {
      let query = listed(viewerId)
        .where('posts.id', '!=', id ?? 0)
        .where('posts.author_id', '!=', viewerId);
      if (id) {
        query = query.orderBy(
          sql`(SELECT count(*) FROM post_tag_links a JOIN post_tag_links b ON b.tag_id = a.tag_id WHERE a.post_id = ${id} AND b.post_id = posts.id)`,
          'desc',
        );
      }
      const rows = await query
        .orderBy(sql`posts.like_count + 2 * posts.comment_count`, 'desc')
        .orderBy('posts.id', 'desc')
        .limit(MAY_LIKE_COUNT)
        .execute();
      return toPosts(rows);
    },

    /**
     * A post as `viewerId` may see it: published ones to everyone, pending and rejected ones to their
     * author only. A locked paid post comes with the start of its body and no images. A post by a
     * member the viewer blocked still opens, marked authorBlocked.
     */
    async detail(id: number, viewerId = 0): Promise<PostDetail | undefined> {
      const row = await viewed(viewerId)
        .select(sql<boolean>`NOT ${notBlockedBy(viewerId, 'posts.author_id')}`.as('author_blocked'))
        .where('posts.id', '=', id)
        .executeTakeFirst();
      if (!row || row.status === 'hidden') return undefined;
      if (row.status !== 'published' && row.author_id !== viewerId) return undefined;
      const [tags, video] = await Promise.all([
        tagsOf([id]),
        row.video_id === null ? undefined : db.selectFrom('videos').select(ITEM_COLUMNS).where('id', '=', row.video_id).executeTakeFirst(),
      ]);
      return {
        ...toPost(row, tags.get(id) ?? []),
        content: row.unlocked ? row.content : previewOf(row.content),
        images: row.unlocked ? toImages(row.images) : [],
        video: video ? toItem(video) : null,
        locked: !row.unlocked,
        status: visibleStatus(row.status),
        rejectReason: row.reject_reason,
        authorBlocked: row.author_blocked,
      };
    },

    /** Counts a reading of a published post. */
    async viewed(id: number): Promise<void> {
      await db
        .updateTable('posts')
        .set({ view_count: sql`view_count + 1` })
        .where('id', '=', id)
        .where('status', '=', 'published')
        .execute();
    },

    /** The member's own posts, newest first, whatever their status, with a count per status. */
    async center(authorId: number, offset: number, limit: number): Promise<Paged<MyPost> & { counts: PostCenter['counts'] }> {
      const query = viewed(authorId)
        .where('posts.author_id', '=', authorId)
        .where('posts.status', '!=', 'hidden')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      const [list, counts] = await Promise.all([
        page(query, offset, limit, toMine),
        db
          .selectFrom('posts')
          .select(['status', sql<string>`count(*)`.as('n')])
          .where('author_id', '=', authorId)
          .groupBy('status')
          .execute(),
      ]);
      const count = (s: PostStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
      return { ...list, counts: { pending: count('pending'), published: count('published'), rejected: count('rejected') } };
    },

    /**
     * Publishes a post in one transaction: its images must be the author's own post uploads not used
     * by another post (they are locked and marked used), its tags and video must exist.
     */
    publish(input: NewPost): Promise<PublishOutcome> {
      return db.transaction().execute(async (trx) => {
        const images = await claimUploads(trx, input.author.id, 'post', input.images);
        if (!images) return 'bad-images';
        if (input.tagIds.length > 0) {
          const { n } = await trx
            .selectFrom('post_tags')
            .select(sql<string>`count(*)`.as('n'))
            .where('id', 'in', input.tagIds)
            .executeTakeFirstOrThrow();
          if (Number(n) !== input.tagIds.length) return 'bad-tags';
        }
        if (input.videoId !== undefined) {
          const video = await trx.selectFrom('videos').select('id').where('id', '=', input.videoId).executeTakeFirst();
          if (!video) return 'no-video';
        }
        const row = await trx
          .insertInto('posts')
          .values({
            author_id: input.author.id,
            author_name: input.author.nickname,
            author_avatar: input.author.avatar,
            video_id: input.videoId ?? null,
            title: input.title,
            content: input.content,
            images: JSON.stringify(images),
            price: input.price,
            status: input.status,
            view_count: 0,
            like_count: 0,
            comment_count: 0,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (input.tagIds.length > 0) {
          await trx
            .insertInto('post_tag_links')
            .values(input.tagIds.map((tagId) => ({ post_id: row.id, tag_id: tagId })))
            .execute();
        }
        const tags =
          input.tagIds.length === 0
            ? []
            : await trx.selectFrom('post_tags').select(['id', 'name']).where('id', 'in', input.tagIds).orderBy('sort').orderBy('id').execute();
        return { ...toPost({ ...row, unlocked: true }, tags), status: visibleStatus(row.status), rejectReason: null };
      });
    },

    /** Whether `userId` may read post `id` whole, with their points; undefined when it is not published. */
    async access(id: number, userId: number): Promise<PostAccess | undefined> {
      const row = await published(userId)
        .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
        .select([
          'u.score as balance',
          sql<boolean>`EXISTS (SELECT 1 FROM post_purchases pp WHERE pp.post_id = posts.id AND pp.user_id = ${userId})`.as('paid'),
        ])
        .where('posts.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return { id, price: row.price, locked: !row.unlocked, paid: row.paid, balance: row.balance };
    },

    /**
     * Unlocks a paid post for `userId` in one transaction: under the buyer's row lock the purchase
     * is recorded, the points taken and the author credited; not enough points changes nothing. Paying again for
     * a post already unlocked changes nothing.
     */
    pay(id: number, buyer: { id: number }): Promise<PayOutcome> {
      return db.transaction().execute(async (trx) => {
        const post = await trx
          .selectFrom('posts')
          .select(['id', 'title', 'price', 'author_id'])
          .where('id', '=', id)
          .where('status', '=', 'published')
          .executeTakeFirst();
        if (!post) return 'not-found';
        const balanceNow = async () => (await trx.selectFrom('users').select('score').where('id', '=', buyer.id).executeTakeFirstOrThrow()).score;
        if (post.price === 0 || post.author_id === buyer.id) {
          if (post.price === 0) return 'free';
          return { id, price: post.price, locked: false, paid: false, balance: await balanceNow() };
        }
        // Both members' rows first, in id order: payments by one member queue here, so whether they
        // bought it and whether their points suffice are decided one payment at a time (the purchase
        // key guards it too), and a payment each way between two members cannot deadlock.
        const members = await trx
          .selectFrom('users')
          .select(['id', 'score'])
          .where('id', 'in', [buyer.id, post.author_id])
          .orderBy('id')
          .forNoKeyUpdate()
          .execute();
        const score = members.find((m) => m.id === buyer.id)?.score ?? 0;
        const bought = await trx.selectFrom('post_purchases').select('post_id').where('post_id', '=', id).where('user_id', '=', buyer.id).executeTakeFirst();
        if (bought) return { id, price: post.price, locked: false, paid: true, balance: score };
        if (score < post.price) return { short: post.price - score };
        await trx.insertInto('post_purchases').values({ post_id: id, user_id: buyer.id, price: post.price }).execute();
        const balance = await changeScore(trx, buyer.id, -post.price, 'pay', post.title);
        // A deleted author's posts stay readable; nobody is credited for them.
        if (members.some((m) => m.id === post.author_id)) await changeScore(trx, post.author_id, post.price, 'income', post.title);
        return { id, price: post.price, locked: false, paid: true, balance };
      });
    },
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
