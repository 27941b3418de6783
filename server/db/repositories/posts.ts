import type { Kysely, Selectable } from 'kysely';
import type { PostDetail, PostItem } from '../../../protocol/content-api.ts';
import type { PostTable, Schema } from '../schema.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';
import { page, type Paged } from './paging.ts';
import { containsPattern } from './search.ts';

/** Characters of body text in a list excerpt. */
export const EXCERPT_LENGTH = 80;
/** Characters kept before the first match, so the excerpt reads as a sentence around it. */
const EXCERPT_LEAD = 16;

type PostRow = Selectable<PostTable>;

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

function toPost(r: PostRow, keyword?: string): PostItem {
  return {
    id: r.id,
    contentType: 5,
    title: r.title,
    summary: excerptOf(r.content, keyword),
    author: { id: r.author_id, nickname: r.author_name, avatar: r.author_avatar },
    videoId: r.video_id,
    viewCount: r.view_count,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export function postsRepository(db: Kysely<Schema>) {
  const published = () => db.selectFrom('posts').where('status', '=', 'published');

  return {
    /**
     * Published posts whose title or body contains the keyword (substring match, so Chinese text
     * matches inside words), newest first; one query with the total alongside.
     */
    search(keyword: string, offset: number, limit: number): Promise<Paged<PostItem>> {
      const pattern = containsPattern(keyword);
      const query = published()
        .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('content', 'ilike', pattern)]))
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return page(query, offset, limit, (rows) => rows.map((r) => toPost(r, keyword)));
    },

    /** A published post with its whole body and the video it discusses (two queries at most). */
    async detail(id: number): Promise<PostDetail | undefined> {
      const row = await published().selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const video = row.video_id === null ? undefined : await db.selectFrom('videos').select(ITEM_COLUMNS).where('id', '=', row.video_id).executeTakeFirst();
      return { ...toPost(row), content: row.content, video: video ? toItem(video) : null };
    },
  };
}

export type PostsRepository = ReturnType<typeof postsRepository>;
