import { sql, type Kysely, type Selectable } from 'kysely';
import type { NavItem, VideoItem } from '../../../protocol/api.ts';
import { HOME_ID } from '../../../protocol/api.ts';
import type {
  ActressDetail,
  ActressItem,
  HomeIndex,
  RankingList,
  ReviewDetail,
  ReviewItem,
  SortKey,
  TagCategory,
  TagItem,
  TopicItem,
  TopicType,
} from '../../../protocol/content-api.ts';
import type { ActressTable, Schema, TagTable, TopicTable } from '../schema.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';
import { page, type Paged } from './paging.ts';
import { containsPattern } from './search.ts';

export interface NewReview {
  videoId: number;
  author: { id: number; nickname: string; avatar: string };
  title: string;
  summary: string;
  content: string;
  score: number;
  status: 'pending' | 'published';
}

const ACTRESS = 8;

type ActressRow = Selectable<ActressTable>;

/** A list narrowed to one tag (tid) or to any tag of one tag category (tagCateId). */
export interface TagFilter {
  tid?: number;
  tagCateId?: number;
}

/** The tables linking creators, videos and reviews to their tags, and each one's item column. */
const TAG_LINKS = { actress_tags: 'actress_id', video_tags: 'video_id', review_tags: 'review_id' } as const;

/** The tables linking videos to a creator and to a topic, and each one's owner column. */
const VIDEO_LINKS = { actress: ['video_actresses', 'actress_id'], topic: ['topic_videos', 'topic_id'] } as const;

const VIDEO_SORT = {
  latest: ['created_at', 'id'],
  hot: ['play_count', 'id'],
  collect: ['collect_count', 'id'],
} as const;

const ACTRESS_SORT = {
  latest: ['created_at', 'id'],
  hot: ['play_count', 'id'],
  collect: ['fans_count', 'id'],
} as const;

/** Reviews have no favourites of their own: "collect" ranks by likes like "hot". */
const REVIEW_SORT = {
  latest: ['created_at', 'id'],
  hot: ['like_count', 'id'],
  collect: ['like_count', 'id'],
} as const;

export function toTag(r: Selectable<TagTable>): TagItem {
  return { id: r.id, name: r.name, categoryId: r.category_id, contentType: r.content_type, count: r.item_count };
}

function toTopic(r: Selectable<TopicTable> & { video_count: string | number | null }): TopicItem {
  return {
    id: r.id,
    title: r.title,
    type: r.type as TopicType,
    cover: r.cover,
    coverWidth: r.cover_width,
    coverHeight: r.cover_height,
    description: r.description,
    videoCount: Number(r.video_count ?? 0),
  };
}

export function contentRepository(db: Kysely<Schema>) {
  /** Tags of many creators in one query. */
  async function tagsOfActresses(ids: number[]): Promise<Map<number, TagItem[]>> {
    const map = new Map<number, TagItem[]>();
    if (!ids.length) return map;
    const rows = await db
      .selectFrom('actress_tags as at')
      .innerJoin('tags', 'tags.id', 'at.tag_id')
      .select(['at.actress_id', 'tags.id', 'tags.name', 'tags.category_id', 'tags.content_type', 'tags.sort', 'tags.item_count'])
      .where('at.actress_id', 'in', ids)
      .orderBy('tags.category_id')
      .orderBy('tags.sort')
      .execute();
    for (const r of rows) {
      const list = map.get(r.actress_id) ?? [];
      list.push(toTag(r));
      map.set(r.actress_id, list);
    }
    return map;
  }

  async function toActresses(rows: ActressRow[]): Promise<ActressItem[]> {
    const tags = await tagsOfActresses(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      contentType: 8,
      name: r.name,
      avatar: r.avatar,
      intro: r.intro,
      videoCount: r.video_count,
      fansCount: r.fans_count,
      tags: tags.get(r.id) ?? [],
    }));
  }

  /** Ids of the items (of a link table) carrying tag `tid`, else any tag of category `tagCateId`. */
  function taggedIds(link: keyof typeof TAG_LINKS, { tid, tagCateId }: TagFilter) {
    const ids = db.selectFrom(link).select(sql.ref<number>(TAG_LINKS[link]).as('id'));
    if (tid !== undefined) return ids.where('tag_id', '=', tid);
    return ids.where(
      'tag_id',
      'in',
      db
        .selectFrom('tags')
        .select('id')
        .where('category_id', '=', tagCateId ?? -1),
    );
  }

  /** The tags of one creator, video or review (by its link table), by category and order. */
  async function tagsOf(link: keyof typeof TAG_LINKS, id: number): Promise<TagItem[]> {
    const rows = await db
      .selectFrom('tags')
      .selectAll()
      .where('id', 'in', db.selectFrom(link).select('tag_id').where(sql.ref(TAG_LINKS[link]), '=', id))
      .orderBy('category_id')
      .orderBy('sort')
      .execute();
    return rows.map(toTag);
  }

  /** Topics with the number of their videos. */
  function topicQuery() {
    return db
      .selectFrom('topics')
      .selectAll('topics')
      .select((eb) =>
        eb
          .selectFrom('topic_videos')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('topic_videos.topic_id', '=', 'topics.id')
          .as('video_count'),
      );
  }

  /** Review rows joined with their video, one query for a page. */
  function reviewQuery() {
    return db
      .selectFrom('reviews as r')
      .innerJoin('videos', 'videos.id', 'r.video_id')
      .where('r.status', '=', 'published')
      .select([
        'r.id as review_id',
        'r.title as review_title',
        'r.summary',
        'r.author_id',
        'r.author_name',
        'r.author_avatar',
        'r.score',
        'r.like_count as review_likes',
        'r.comment_count as review_comments',
        'r.selected',
        'r.created_at as review_created_at',
        ...ITEM_COLUMNS.map((c) => `videos.${c}` as const),
      ]);
  }

  type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['execute']>>[number];

  function toReview(r: ReviewRow): ReviewItem {
    return {
      id: r.review_id,
      contentType: 3,
      title: r.review_title,
      summary: r.summary,
      author: { id: r.author_id, nickname: r.author_name, avatar: r.author_avatar },
      video: toItem(r),
      score: r.score,
      likeCount: r.review_likes,
      commentCount: r.review_comments,
      selected: r.selected,
      createdAt: new Date(r.review_created_at).toISOString(),
    };
  }

  /** A page of videos in one of the list sorts (newest, most played, most collected). */
  function videosPage(query: ReturnType<typeof baseVideos>, sort: SortKey, offset: number, limit: number): Promise<Paged<VideoItem>> {
    const [key, tie] = VIDEO_SORT[sort];
    const sorted = query
      .select(ITEM_COLUMNS.map((c) => `videos.${c}` as const))
      .orderBy(`videos.${key}`, 'desc')
      .orderBy(`videos.${tie}`, 'desc');
    return page(sorted, offset, limit, (rows) => rows.map(toItem));
  }

  /** Every list of videos: members' works only while published and public. */
  function baseVideos() {
    return db.selectFrom('videos').where('videos.listed', '=', true);
  }

  /** The videos of one creator or one topic. */
  function videosOf(owner: keyof typeof VIDEO_LINKS, id: number) {
    const [link, key] = VIDEO_LINKS[owner];
    return baseVideos().where('videos.id', 'in', db.selectFrom(link).select('video_id').where(sql.ref(key), '=', id));
  }

  function actressesPage(query: ReturnType<typeof baseActresses>, sort: SortKey, offset: number, limit: number): Promise<Paged<ActressItem>> {
    const [key, tie] = ACTRESS_SORT[sort];
    return page(query.selectAll('actresses').orderBy(`actresses.${key}`, 'desc').orderBy(`actresses.${tie}`, 'desc'), offset, limit, toActresses);
  }

  function baseActresses() {
    return db.selectFrom('actresses');
  }

  function reviewsPage(query: ReturnType<typeof reviewQuery>, sort: SortKey, offset: number, limit: number): Promise<Paged<ReviewItem>> {
    const [key, tie] = REVIEW_SORT[sort];
    return page(query.orderBy(`r.${key}`, 'desc').orderBy(`r.${tie}`, 'desc'), offset, limit, (rows) => rows.map(toReview));
  }

  return {
    // Creators ----------------------------------------------------------------------------------
    async actressList(options: TagFilter & { sort: SortKey; offset: number; limit: number }): Promise<Paged<ActressItem>> {
      const { tid, tagCateId } = options;
      const tagged = tid !== undefined || tagCateId !== undefined;
      const query = tagged ? baseActresses().where('id', 'in', taggedIds('actress_tags', options)) : baseActresses();
      return actressesPage(query, options.sort, options.offset, options.limit);
    },

    async actressDetail(id: number, userId: number | null): Promise<ActressDetail | undefined> {
      const row = await db.selectFrom('actresses').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const [item] = await toActresses([row]);
      const followed = userId
        ? await db
            .selectFrom('collects')
            .select('content_id')
            .where('user_id', '=', userId)
            .where('content_type', '=', ACTRESS)
            .where('content_id', '=', id)
            .executeTakeFirst()
        : undefined;
      return { ...item!, cover: row.cover, coverWidth: row.cover_width, coverHeight: row.cover_height, bio: row.bio, isCollect: followed !== undefined };
    },

    /** Creators by id, in the order of `ids` (a favourites page). */
    async actressesByIds(ids: number[]): Promise<ActressItem[]> {
      if (!ids.length) return [];
      const rows = await db.selectFrom('actresses').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return toActresses(ids.flatMap((id) => byId.get(id) ?? []));
    },

    async actressExists(id: number): Promise<boolean> {
      return (await db.selectFrom('actresses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    actressWorks(id: number, sort: SortKey, offset: number, limit: number): Promise<Paged<VideoItem>> {
      return videosPage(videosOf('actress', id), sort, offset, limit);
    },

    async actressesOfVideo(videoId: number): Promise<ActressItem[]> {
      const rows = await db
        .selectFrom('actresses')
        .selectAll()
        .where('id', 'in', db.selectFrom('video_actresses').select('actress_id').where('video_id', '=', videoId))
        .orderBy('id')
        .execute();
      return toActresses(rows);
    },

    // Tags --------------------------------------------------------------------------------------
    async tagCategories(contentType?: number): Promise<TagCategory[]> {
      let cq = db.selectFrom('tag_categories').selectAll().orderBy('sort').orderBy('id');
      let tq = db.selectFrom('tags').selectAll().orderBy('category_id').orderBy('sort').orderBy('id');
      if (contentType !== undefined) {
        cq = cq.where('content_type', '=', contentType);
        tq = tq.where('content_type', '=', contentType);
      }
      const [categories, tags] = await Promise.all([cq.execute(), tq.execute()]);
      return categories.map((c) => ({
        id: c.id,
        name: c.name,
        contentType: c.content_type,
        tags: tags.filter((t) => t.category_id === c.id).map(toTag),
      }));
    },

    async tag(id: number): Promise<TagItem | undefined> {
      const row = await db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toTag(row) : undefined;
    },

    async tagCategory(id: number): Promise<TagCategory | undefined> {
      const row = await db.selectFrom('tag_categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const tags = await db.selectFrom('tags').selectAll().where('category_id', '=', id).orderBy('sort').orderBy('id').execute();
      return { id: row.id, name: row.name, contentType: row.content_type, tags: tags.map(toTag) };
    },

    tagsOfVideo(videoId: number): Promise<TagItem[]> {
      return tagsOf('video_tags', videoId);
    },

    videosByTag(filter: TagFilter, sort: SortKey, offset: number, limit: number): Promise<Paged<VideoItem>> {
      return videosPage(baseVideos().where('videos.id', 'in', taggedIds('video_tags', filter)), sort, offset, limit);
    },

    async searchTags(keyword: string, limit: number): Promise<TagItem[]> {
      const rows = await db
        .selectFrom('tags')
        .selectAll()
        .where('name', 'ilike', containsPattern(keyword))
        .orderBy('item_count', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toTag);
    },

    searchActresses(keyword: string, offset: number, limit: number): Promise<Paged<ActressItem>> {
      const pattern = containsPattern(keyword);
      return actressesPage(
        baseActresses().where((eb) => eb.or([eb('name', 'ilike', pattern), eb('intro', 'ilike', pattern)])),
        'collect',
        offset,
        limit,
      );
    },

    // Topics ------------------------------------------------------------------------------------
    topicList(offset: number, limit: number): Promise<Paged<TopicItem>> {
      return page(topicQuery().orderBy('sort').orderBy('id'), offset, limit, (rows) => rows.map(toTopic));
    },

    async topic(id: number): Promise<TopicItem | undefined> {
      const row = await topicQuery().where('id', '=', id).executeTakeFirst();
      return row ? toTopic(row) : undefined;
    },

    topicVideos(id: number, sort: SortKey, offset: number, limit: number): Promise<Paged<VideoItem>> {
      return videosPage(videosOf('topic', id), sort, offset, limit);
    },

    async topicActresses(id: number, limit: number): Promise<ActressItem[]> {
      const rows = await db
        .selectFrom('actresses')
        .selectAll()
        .where(
          'id',
          'in',
          db
            .selectFrom('video_actresses')
            .innerJoin('topic_videos', 'topic_videos.video_id', 'video_actresses.video_id')
            .select('video_actresses.actress_id')
            .where('topic_videos.topic_id', '=', id),
        )
        .orderBy('fans_count', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return toActresses(rows);
    },

    // Reviews -----------------------------------------------------------------------------------
    reviewList(filter: TagFilter & { videoId?: number; selected?: boolean }, sort: SortKey, offset: number, limit: number): Promise<Paged<ReviewItem>> {
      let query = reviewQuery();
      if (filter.selected) query = query.where('r.selected', '=', true);
      if (filter.videoId !== undefined) query = query.where('r.video_id', '=', filter.videoId);
      if (filter.tid !== undefined || filter.tagCateId !== undefined) query = query.where('r.id', 'in', taggedIds('review_tags', filter));
      return reviewsPage(query, sort, offset, limit);
    },

    async selectedReviewsOfVideo(videoId: number, limit: number): Promise<ReviewItem[]> {
      const rows = await reviewQuery()
        .where('r.video_id', '=', videoId)
        .where('r.selected', '=', true)
        .orderBy('r.like_count', 'desc')
        .orderBy('r.id')
        .limit(limit)
        .execute();
      return rows.map(toReview);
    },

    /**
     * Writes a member's review of a video (one per member and video: a second answers 'duplicate',
     * as the unique index decides, so racing writes keep one). Answers the new review's id.
     */
    async addReview(input: NewReview): Promise<{ id: number; status: 'pending' | 'published' } | 'no-video' | 'duplicate'> {
      const video = await db.selectFrom('videos').select('id').where('id', '=', input.videoId).executeTakeFirst();
      if (!video) return 'no-video';
      const row = await db
        .insertInto('reviews')
        .values({
          video_id: input.videoId,
          author_id: input.author.id,
          author_name: input.author.nickname,
          author_avatar: input.author.avatar,
          title: input.title,
          summary: input.summary,
          content: input.content,
          score: input.score,
          like_count: 0,
          comment_count: 0,
          selected: false,
          status: input.status,
        })
        .onConflict((oc) => oc.columns(['video_id', 'author_id']).where('id', '>', 100000).doNothing())
        .returning(['id', 'status'])
        .executeTakeFirst();
      if (!row) return 'duplicate';
      return { id: row.id, status: row.status === 'pending' ? 'pending' : 'published' };
    },

    async reviewDetail(id: number): Promise<ReviewDetail | undefined> {
      const row = await reviewQuery().select('r.content').where('r.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { ...toReview(row), content: row.content, tags: await tagsOf('review_tags', id) };
    },

    // Home --------------------------------------------------------------------------------------
    async homeIndex(categoryId: number, boxSize: number, rankingSize: number): Promise<HomeIndex> {
      const inCategory = <Q extends ReturnType<typeof baseVideos>>(q: Q): Q => (categoryId === HOME_ID ? q : (q.where('category_id', '=', categoryId) as Q));
      const top = (key: 'play_count' | 'collect_count' | 'like_count' | 'comment_count' | 'created_at', size: number) =>
        inCategory(baseVideos()).select(ITEM_COLUMNS).orderBy(key, 'desc').orderBy('id', 'desc').limit(size).execute();
      const [banners, picks, talked, plays, collects, latest] = await Promise.all([
        db.selectFrom('banners').selectAll().where('category_id', '=', categoryId).orderBy('id').execute(),
        top('like_count', boxSize),
        top('comment_count', boxSize),
        top('play_count', rankingSize),
        top('collect_count', rankingSize),
        top('created_at', rankingSize),
      ]);
      const rankings: RankingList[] = [
        { id: 1, title: '热播榜', list: plays.map(toItem) },
        { id: 2, title: '收藏榜', list: collects.map(toItem) },
        { id: 3, title: '新片榜', list: latest.map(toItem) },
      ];
      return {
        banners: banners.map((b) => ({
          id: b.id,
          name: b.name,
          bindType: b.bind_type,
          bindInt: b.bind_int,
          bindStr: b.bind_str,
          jumpType: b.jump_type,
          contentType: b.content_type,
          sort: b.sort,
          image: b.image,
          imageWidth: b.image_width,
          imageHeight: b.image_height,
        })) satisfies HomeIndex['banners'] & NavItem[],
        boxes: [
          { id: 1, title: '编辑精选', list: picks.map(toItem) },
          { id: 2, title: '大家都在聊', list: talked.map(toItem) },
        ],
        rankings,
      };
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
