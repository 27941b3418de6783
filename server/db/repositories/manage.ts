import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { MANAGE_KIND_NAMES, type ManageKind } from '../../../protocol/admin-api.ts';
import { HOME_ID } from '../../../protocol/api.ts';
import type {
  AdItem,
  AnnouncementItem,
  BannerItem,
  FaqItem,
  HotSearchItem,
  MenuItem,
  PerformerItem,
  PrizeItem,
  TagCategoryItem,
  TagItem,
  TopicItem,
} from '../../../protocol/contracts/manage.ts';
import type { Schema } from '../schema.ts';
import { writeAudit, type Actor } from './operators.ts';
import { page, type Paged } from './paging.ts';

/**
 * Manage (issue 14): the operators' writes of the site's content. Every write is one transaction
 * that locks the row it changes (FOR UPDATE), checks what it needs (targets that exist, what still
 * points at a row it would remove), writes, and records its audit row, so a check and its act never
 * interleave with another writer: a tag being removed while a menu item is pointed at it, two
 * operators adding one hot search, counters of tags moved by racing performer edits.
 *
 * Refusals are ManageError (the route turns them into 1005, 1006 or 1010 with the message).
 */
export class ManageError extends Error {
  constructor(
    readonly reason: 'bad' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'ManageError';
  }
}

/** A stored picture: its path under the image folder and its size. */
export interface StoredImage {
  path: string;
  width: number;
  height: number;
}

/** What a write leaves behind to clean up after it commits: pictures no row names any more. */
export interface WriteResult<T> {
  item: T;
  /** Paths of pictures the write replaced (removed after the commit). */
  orphaned: string[];
}

export interface RemoveResult {
  id: number;
  removed: true;
  alsoRemoved: Record<string, number>;
  orphaned: string[];
}

type Db = Kysely<Schema>;
const n = (v: unknown) => Number(v ?? 0);
const quote = (name: string) => `「${name}」`;
const missing = (kind: ManageKind, id: number) => new ManageError('not-found', `${MANAGE_KIND_NAMES[kind]} ${id} 不存在`);

/** What a bindType points at, as a table and a noun for messages. */
const BIND_TARGETS: Record<number, { table: 'categories' | 'topics' | 'tags' | 'actresses' | 'tag_categories'; noun: string } | undefined> = {
  1: { table: 'categories', noun: '分类' },
  2: { table: 'topics', noun: '专题' },
  3: { table: 'tags', noun: '标签' },
  5: { table: 'actresses', noun: '演员' },
  6: { table: 'tag_categories', noun: '标签分类' },
};

export interface BindingInput {
  bindType: number;
  bindInt?: number;
  bindStr?: string;
  jumpType?: number;
  contentType?: number;
}

/**
 * Checks where a banner or menu item leads and answers the stored binding. The target row is read
 * FOR KEY SHARE, so a removal of it waits for this write and then sees the item pointing at it
 * (or this write sees the target gone).
 */
async function checkedBinding(trx: Db, b: BindingInput): Promise<Required<BindingInput>> {
  const out = { bindType: b.bindType, bindInt: b.bindInt ?? 0, bindStr: (b.bindStr ?? '').trim(), jumpType: b.jumpType ?? 0, contentType: b.contentType ?? 2 };
  if (out.bindType === 4) {
    if (!out.bindStr) throw new ManageError('bad', 'bindType 4 需要 bindStr（站内路径或网址）');
    if (out.jumpType === 1 ? !out.bindStr.startsWith('/') : !/^https?:\/\/[^\s]+$/i.test(out.bindStr))
      throw new ManageError(
        'bad',
        out.jumpType === 1 ? 'jumpType 1 的 bindStr 须是以 / 开头的站内路径' : 'bindStr 须是 http(s) 网址（站内路径请设 jumpType 1）',
      );
    out.bindInt = 0;
    return out;
  }
  out.bindStr = '';
  const target = BIND_TARGETS[out.bindType];
  if (!target) {
    out.bindInt = 0;
    return out;
  }
  if (out.bindType === 1 && out.bindInt === HOME_ID) return out;
  const row = await trx.selectFrom(target.table).select('id').where('id', '=', out.bindInt).forKeyShare().executeTakeFirst();
  if (!row) throw new ManageError('bad', `bindType ${out.bindType} 指向的${target.noun} ${out.bindInt} 不存在`);
  return out;
}

/** The menu items and banners that lead to a row (by bindType), as phrases for a refusal. */
async function bindersOf(trx: Db, bindTypes: number[], id: number): Promise<string[]> {
  const [menus, banners] = await Promise.all([
    trx.selectFrom('header_menus').select(['id', 'name']).where('bind_type', 'in', bindTypes).where('bind_int', '=', id).orderBy('id').execute(),
    trx.selectFrom('banners').select(['id', 'name']).where('bind_type', 'in', bindTypes).where('bind_int', '=', id).orderBy('id').execute(),
  ]);
  return [...menus.map((m) => `菜单${quote(m.name)}（${m.id}）`), ...banners.map((b) => `横幅${quote(b.name)}（${b.id}）`)];
}

/** Refuses a removal while anything is listed: 标签「城市」仍被 12 个视频、菜单「城市」（101）使用，不能删除. */
function refuseWhileUsed(kind: ManageKind, name: string, uses: string[]): void {
  if (uses.length) throw new ManageError('conflict', `${MANAGE_KIND_NAMES[kind]}${quote(name)}仍被${uses.join('、')}使用，不能删除`);
}

/** "12 个视频" when there are any. */
const counted = (count: number, noun: string) => (count > 0 ? [`${count} ${noun}`] : []);

/** Fields of a patch that were given, without the pictures' bytes (for the audit log). */
export function auditFields(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && !k.endsWith('Data') && k !== 'id'));
}

async function countOf(
  trx: Db,
  table: 'video_actresses' | 'video_tags' | 'actress_tags' | 'review_tags' | 'tags',
  column: string,
  id: number,
): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select(sql<string>`count(*)`.as('n'))
    .where(sql.ref(column), '=', id)
    .executeTakeFirstOrThrow();
  return n(row.n);
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function manageRepository(db: Db) {
  /** One write: a transaction that runs `work` and records it. */
  const write = <T>(work: (trx: Transaction<Schema>) => Promise<T>) => db.transaction().execute(work);

  // Performers ----------------------------------------------------------------------------------
  const performerQuery = (q: Db) =>
    q
      .selectFrom('actresses as a')
      .select(['a.id', 'a.name', 'a.intro', 'a.bio', 'a.avatar', 'a.cover', 'a.cover_width', 'a.cover_height', 'a.video_count', 'a.fans_count'])
      .select(sql<number[] | null>`(SELECT array_agg(t.tag_id ORDER BY t.tag_id) FROM actress_tags t WHERE t.actress_id = a.id)`.as('tag_ids'));
  type PerformerRow = Awaited<ReturnType<ReturnType<typeof performerQuery>['executeTakeFirstOrThrow']>>;
  const toPerformer = (r: PerformerRow): PerformerItem => ({
    id: r.id,
    name: r.name,
    intro: r.intro,
    bio: r.bio,
    avatar: r.avatar,
    cover: r.cover,
    coverWidth: r.cover_width,
    coverHeight: r.cover_height,
    tagIds: (r.tag_ids ?? []).map(Number),
    videoCount: r.video_count,
    fansCount: r.fans_count,
  });
  const performer = async (trx: Db, id: number) => {
    const row = await performerQuery(trx).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw missing('performer', id);
    return toPerformer(row);
  };

  /**
   * Sets a performer's tags: each must be a performers' tag (contentType 8); the tags' counts move
   * by one statement each way (item_count = item_count ± 1), so racing edits count exactly.
   */
  async function setPerformerTags(trx: Db, actressId: number, tagIds: number[]): Promise<void> {
    if (tagIds.length) {
      const tags = await trx.selectFrom('tags').select(['id', 'content_type']).where('id', 'in', tagIds).forKeyShare().execute();
      const unknown = tagIds.filter((id) => !tags.some((t) => t.id === id));
      if (unknown.length) throw new ManageError('bad', `标签 ${unknown.join(', ')} 不存在`);
      const wrong = tags.filter((t) => t.content_type !== 8).map((t) => t.id);
      if (wrong.length) throw new ManageError('bad', `标签 ${wrong.join(', ')} 不是演员标签（contentType 8）`);
    }
    const gone = await trx
      .deleteFrom('actress_tags')
      .where('actress_id', '=', actressId)
      .$if(tagIds.length > 0, (q) => q.where('tag_id', 'not in', tagIds))
      .returning('tag_id')
      .execute();
    if (gone.length)
      await trx
        .updateTable('tags')
        .set({ item_count: sql`greatest(item_count - 1, 0)` })
        .where(
          'id',
          'in',
          gone.map((g) => g.tag_id),
        )
        .execute();
    if (!tagIds.length) return;
    const added = await trx
      .insertInto('actress_tags')
      .values(tagIds.map((tag_id) => ({ actress_id: actressId, tag_id })))
      .onConflict((oc) => oc.doNothing())
      .returning('tag_id')
      .execute();
    if (added.length)
      await trx
        .updateTable('tags')
        .set({ item_count: sql`item_count + 1` })
        .where(
          'id',
          'in',
          added.map((a) => a.tag_id),
        )
        .execute();
  }

  // Tags --------------------------------------------------------------------------------------------
  const tagQuery = (q: Db) =>
    q
      .selectFrom('tags as t')
      .innerJoin('tag_categories as c', 'c.id', 't.category_id')
      .select(['t.id', 't.name', 't.category_id', 'c.name as category_name', 't.content_type', 't.sort', 't.item_count']);
  type TagRow = Awaited<ReturnType<ReturnType<typeof tagQuery>['executeTakeFirstOrThrow']>>;
  const toTag = (r: TagRow): TagItem => ({
    id: r.id,
    name: r.name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    contentType: r.content_type,
    sort: r.sort,
    itemCount: r.item_count,
  });
  const tag = async (trx: Db, id: number) => {
    const row = await tagQuery(trx).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw missing('tag', id);
    return toTag(row);
  };
  const tagCategoryFor = async (trx: Db, id: number) => {
    const row = await trx.selectFrom('tag_categories').select(['id', 'content_type']).where('id', '=', id).forKeyShare().executeTakeFirst();
    if (!row) throw new ManageError('bad', `标签分类 ${id} 不存在`);
    return row;
  };
  /** Tag names are unique within their category (the index tags_category_name_idx decides races). */
  const tagNameTaken = (error: unknown) => /tags_category_name_idx|unique/i.test(String((error as Error).message));

  // Tag categories ----------------------------------------------------------------------------------
  const tagCategoryQuery = (q: Db) =>
    q
      .selectFrom('tag_categories as c')
      .select(['c.id', 'c.name', 'c.content_type', 'c.sort'])
      .select(sql<string>`(SELECT count(*) FROM tags t WHERE t.category_id = c.id)`.as('tag_count'));
  type TagCategoryRow = Awaited<ReturnType<ReturnType<typeof tagCategoryQuery>['executeTakeFirstOrThrow']>>;
  const toTagCategory = (r: TagCategoryRow): TagCategoryItem => ({
    id: r.id,
    name: r.name,
    contentType: r.content_type,
    sort: r.sort,
    tagCount: n(r.tag_count),
  });
  const tagCategory = async (trx: Db, id: number) => {
    const row = await tagCategoryQuery(trx).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw missing('tagcategory', id);
    return toTagCategory(row);
  };

  // Topics ------------------------------------------------------------------------------------------
  const topicQuery = (q: Db) =>
    q
      .selectFrom('topics as t')
      .select(['t.id', 't.title', 't.type', 't.description', 't.cover', 't.cover_width', 't.cover_height', 't.sort'])
      .select(sql<number[] | null>`(SELECT array_agg(v.video_id ORDER BY v.position, v.video_id) FROM topic_videos v WHERE v.topic_id = t.id)`.as('video_ids'));
  type TopicRow = Awaited<ReturnType<ReturnType<typeof topicQuery>['executeTakeFirstOrThrow']>>;
  const toTopic = (r: TopicRow): TopicItem => ({
    id: r.id,
    title: r.title,
    type: r.type,
    description: r.description,
    cover: r.cover,
    coverWidth: r.cover_width,
    coverHeight: r.cover_height,
    sort: r.sort,
    videoIds: (r.video_ids ?? []).map(Number),
  });
  const topic = async (trx: Db, id: number) => {
    const row = await topicQuery(trx).where('t.id', '=', id).executeTakeFirst();
    if (!row) throw missing('topic', id);
    return toTopic(row);
  };
  async function setTopicVideos(trx: Db, topicId: number, videoIds: number[]): Promise<void> {
    if (videoIds.length) {
      const found = await trx.selectFrom('videos').select('id').where('id', 'in', videoIds).where('listed', '=', true).forKeyShare().execute();
      const unknown = videoIds.filter((id) => !found.some((v) => v.id === id));
      if (unknown.length) throw new ManageError('bad', `视频 ${unknown.join(', ')} 不存在`);
    }
    await trx.deleteFrom('topic_videos').where('topic_id', '=', topicId).execute();
    if (videoIds.length)
      await trx
        .insertInto('topic_videos')
        .values(videoIds.map((video_id, position) => ({ topic_id: topicId, video_id, position })))
        .execute();
  }

  // Menus and banners -------------------------------------------------------------------------------
  const toMenu = (r: {
    id: number;
    name: string;
    bind_type: number;
    bind_int: number;
    bind_str: string;
    jump_type: number;
    content_type: number;
    sort: number;
  }): MenuItem => ({
    id: r.id,
    name: r.name,
    bindType: r.bind_type,
    bindInt: r.bind_int,
    bindStr: r.bind_str,
    jumpType: r.jump_type,
    contentType: r.content_type,
    sort: r.sort,
  });
  const menu = async (trx: Db, id: number) => {
    const row = await trx.selectFrom('header_menus').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw missing('menu', id);
    return toMenu(row);
  };
  const bindColumns = (b: Required<BindingInput>) => ({
    bind_type: b.bindType,
    bind_int: b.bindInt,
    bind_str: b.bindStr,
    jump_type: b.jumpType,
    content_type: b.contentType,
  });
  /** The binding of an edit: the row's own, with what the patch changes. */
  const mergedBinding = (
    row: { bind_type: number; bind_int: number; bind_str: string; jump_type: number; content_type: number },
    patch: Partial<BindingInput>,
  ): BindingInput => ({
    bindType: patch.bindType ?? row.bind_type,
    bindInt: patch.bindInt ?? row.bind_int,
    bindStr: patch.bindStr ?? row.bind_str,
    jumpType: patch.jumpType ?? row.jump_type,
    contentType: patch.contentType ?? row.content_type,
  });
  const bindingTouched = (patch: Partial<BindingInput>) =>
    patch.bindType !== undefined ||
    patch.bindInt !== undefined ||
    patch.bindStr !== undefined ||
    patch.jumpType !== undefined ||
    patch.contentType !== undefined;

  type BannerRow = {
    id: number;
    category_id: number;
    name: string;
    image: string;
    image_width: number;
    image_height: number;
    bind_type: number;
    bind_int: number;
    bind_str: string;
    jump_type: number;
    content_type: number;
    sort: number;
  };
  const toBanner = (r: BannerRow): BannerItem => ({
    ...toMenu(r),
    categoryId: r.category_id,
    image: r.image,
    imageWidth: r.image_width,
    imageHeight: r.image_height,
  });
  const banner = async (trx: Db, id: number) => {
    const row = await trx.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw missing('banner', id);
    return toBanner(row);
  };
  const checkCategory = async (trx: Db, id: number) => {
    if (id === HOME_ID) return;
    const row = await trx.selectFrom('categories').select('id').where('id', '=', id).forKeyShare().executeTakeFirst();
    if (!row) throw new ManageError('bad', `分类 ${id} 不存在`);
  };

  // Ads -----------------------------------------------------------------------------------------------
  const adQuery = (q: Db) =>
    q
      .selectFrom('advertise as a')
      .select(['a.id', 'a.position', 'a.title', 'a.image', 'a.image_width', 'a.image_height', 'a.link_field', 'a.link', 'a.sort'])
      .select(sql<string>`(SELECT count(*) FROM advertise_clicks c WHERE c.advertise_id = a.id)`.as('clicks'));
  type AdRow = Awaited<ReturnType<ReturnType<typeof adQuery>['executeTakeFirstOrThrow']>>;
  const toAd = (r: AdRow): AdItem => ({
    id: r.id,
    position: r.position,
    title: r.title,
    image: r.image,
    imageWidth: r.image_width,
    imageHeight: r.image_height,
    linkField: r.link_field,
    link: r.link,
    sort: r.sort,
    clicks: n(r.clicks),
  });
  const ad = async (trx: Db, id: number) => {
    const row = await adQuery(trx).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw missing('ad', id);
    return toAd(row);
  };
  const checkLink = (link: string) => {
    const trimmed = link.trim();
    if (!/^https?:\/\/[^\s]+$/i.test(trimmed) && !/^\/[^\s]*$/.test(trimmed)) throw new ManageError('bad', '链接须是 http(s) 网址或以 / 开头的站内路径');
    return trimmed;
  };

  // Announcements, FAQ, hot searches, prizes ------------------------------------------------------
  const announcementQuery = (q: Db) =>
    q.selectFrom('messages').select(['id', 'title', 'content', 'created_at']).where('type', '=', 1).where('user_id', 'is', null);
  const toAnnouncement = (r: { id: number; title: string; content: string; created_at: Date | string }): AnnouncementItem => ({
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
  });
  const announcement = async (trx: Db, id: number) => {
    const row = await announcementQuery(trx).where('id', '=', id).executeTakeFirst();
    if (!row) throw missing('announcement', id);
    return toAnnouncement(row);
  };

  const faqQuery = (q: Db) =>
    q
      .selectFrom('faq_entries as f')
      .innerJoin('faq_categories as c', 'c.id', 'f.cate_id')
      .select(['f.id', 'f.cate_id', 'c.name as category_name', 'f.question', 'f.answer', 'f.sort']);
  type FaqRow = Awaited<ReturnType<ReturnType<typeof faqQuery>['executeTakeFirstOrThrow']>>;
  const toFaq = (r: FaqRow): FaqItem => ({
    id: r.id,
    categoryId: r.cate_id,
    categoryName: r.category_name,
    question: r.question,
    answer: r.answer,
    sort: r.sort,
  });
  const faq = async (trx: Db, id: number) => {
    const row = await faqQuery(trx).where('f.id', '=', id).executeTakeFirst();
    if (!row) throw missing('faq', id);
    return toFaq(row);
  };
  const checkFaqCategory = async (trx: Db, id: number) => {
    const row = await trx.selectFrom('faq_categories').select('id').where('id', '=', id).forKeyShare().executeTakeFirst();
    if (!row) throw new ManageError('bad', `常见问题分类 ${id} 不存在`);
  };

  const hotSearch = async (trx: Db, id: number): Promise<HotSearchItem> => {
    const row = await trx.selectFrom('hot_searches').select(['id', 'keyword', 'heat']).where('id', '=', id).executeTakeFirst();
    if (!row) throw missing('hotsearch', id);
    return row;
  };
  const hotSearchTaken = (keyword: string) => new ManageError('conflict', `热搜词${quote(keyword)}已存在`);

  const prizeQuery = (q: Db) =>
    q
      .selectFrom('checkin_prizes as p')
      .select(['p.id', 'p.days', 'p.points'])
      .select(sql<string>`(SELECT count(*) FROM checkin_prize_claims c WHERE c.prize_id = p.id)`.as('claims'));
  const toPrize = (r: { id: number; days: number; points: number; claims: string }): PrizeItem => ({
    id: r.id,
    days: r.days,
    points: r.points,
    claims: n(r.claims),
  });
  const prize = async (trx: Db, id: number) => {
    const row = await prizeQuery(trx).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw missing('prize', id);
    return toPrize(row);
  };
  const prizeTaken = (days: number) => new ManageError('conflict', `已有连续签到 ${days} 天的奖励`);
  /** A unique index refused the write (PostgreSQL's 23505; PGlite says the same). */
  const isUniqueViolation = (error: unknown) =>
    (error as { code?: string }).code === '23505' || /duplicate key|unique constraint/i.test(String((error as Error).message));

  /** Locks the row a write changes, or answers not found. */
  async function locked<
    T extends 'actresses' | 'tags' | 'tag_categories' | 'topics' | 'header_menus' | 'banners' | 'advertise' | 'faq_entries' | 'hot_searches' | 'checkin_prizes',
  >(trx: Db, table: T, kind: ManageKind, id: number) {
    const row = await trx
      .selectFrom(table as 'tags')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw missing(kind, id);
    return row as unknown as Selectable<Schema[T]>;
  }

  return {
    // Performers ------------------------------------------------------------------------------------
    listPerformers(keyword: string | undefined, offset: number, limit: number): Promise<Paged<PerformerItem>> {
      const q = performerQuery(db)
        .$if(keyword !== undefined, (b) => b.where('a.name', 'ilike', like(keyword!)))
        .orderBy('a.id', 'desc');
      return page(q, offset, limit, (rows) => rows.map(toPerformer));
    },

    async addPerformer(
      actor: Actor,
      input: { name: string; intro: string; bio: string; tagIds: number[]; avatar: StoredImage; cover: StoredImage },
    ): Promise<WriteResult<PerformerItem>> {
      return write(async (trx) => {
        const { id } = await trx
          .insertInto('actresses')
          .values({
            name: input.name,
            intro: input.intro,
            bio: input.bio,
            avatar: input.avatar.path,
            cover: input.cover.path,
            cover_width: input.cover.width,
            cover_height: input.cover.height,
            fans_count: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setPerformerTags(trx, id, input.tagIds);
        const item = await performer(trx, id);
        await writeAudit(trx, actor, { action: 'performer.add', targetType: 'performer', targetId: id, details: { name: item.name, tagIds: item.tagIds } });
        return { item, orphaned: [] };
      });
    },

    async editPerformer(
      actor: Actor,
      id: number,
      patch: { name?: string; intro?: string; bio?: string; tagIds?: number[]; avatar?: StoredImage; cover?: StoredImage },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<PerformerItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'actresses', 'performer', id);
        const values = {
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.intro !== undefined && { intro: patch.intro }),
          ...(patch.bio !== undefined && { bio: patch.bio }),
          ...(patch.avatar && { avatar: patch.avatar.path }),
          ...(patch.cover && { cover: patch.cover.path, cover_width: patch.cover.width, cover_height: patch.cover.height }),
        };
        // An edit of the tags alone changes no column of the row.
        if (Object.keys(values).length) await trx.updateTable('actresses').set(values).where('id', '=', id).execute();
        if (patch.tagIds) await setPerformerTags(trx, id, patch.tagIds);
        const item = await performer(trx, id);
        await writeAudit(trx, actor, { action: 'performer.edit', targetType: 'performer', targetId: id, details: { ...audit, before: { name: before.name } } });
        return { item, orphaned: [...(patch.avatar ? [before.avatar] : []), ...(patch.cover ? [before.cover] : [])] };
      });
    },

    /** Refused while videos, menu items or banners lead to the performer; their follows go with them. */
    async removePerformer(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'actresses', 'performer', id);
        const uses = [...counted(await countOf(trx, 'video_actresses', 'actress_id', id), '个视频'), ...(await bindersOf(trx, [5], id))];
        refuseWhileUsed('performer', row.name, uses);
        await setPerformerTags(trx, id, []);
        const follows = await trx.deleteFrom('collects').where('content_type', '=', 8).where('content_id', '=', id).executeTakeFirst();
        await trx.deleteFrom('actresses').where('id', '=', id).execute();
        const alsoRemoved = { follows: Number(follows.numDeletedRows) };
        await writeAudit(trx, actor, { action: 'performer.remove', targetType: 'performer', targetId: id, details: { name: row.name, ...alsoRemoved } });
        return { id, removed: true, alsoRemoved, orphaned: [row.avatar, row.cover] };
      });
    },

    // Tags ------------------------------------------------------------------------------------------
    listTags(keyword: string | undefined, offset: number, limit: number): Promise<Paged<TagItem>> {
      const q = tagQuery(db)
        .$if(keyword !== undefined, (b) => b.where('t.name', 'ilike', like(keyword!)))
        .orderBy('t.category_id')
        .orderBy('t.sort')
        .orderBy('t.id');
      return page(q, offset, limit, (rows) => rows.map(toTag));
    },

    async addTag(actor: Actor, input: { name: string; categoryId: number; sort: number }): Promise<WriteResult<TagItem>> {
      try {
        return await write(async (trx) => {
          const category = await tagCategoryFor(trx, input.categoryId);
          const { id } = await trx
            .insertInto('tags')
            .values({ name: input.name, category_id: input.categoryId, content_type: category.content_type, sort: input.sort })
            .returning('id')
            .executeTakeFirstOrThrow();
          const item = await tag(trx, id);
          await writeAudit(trx, actor, { action: 'tag.add', targetType: 'tag', targetId: id, details: { name: item.name, categoryId: item.categoryId } });
          return { item, orphaned: [] };
        });
      } catch (error) {
        if (!(error instanceof ManageError) && isUniqueViolation(error) && tagNameTaken(error))
          throw new ManageError('conflict', `该分类下已有标签${quote(input.name)}`);
        throw error;
      }
    },

    async editTag(
      actor: Actor,
      id: number,
      patch: { name?: string; categoryId?: number; sort?: number },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<TagItem>> {
      try {
        return await write(async (trx) => {
          const before = await locked(trx, 'tags', 'tag', id);
          if (patch.categoryId !== undefined && patch.categoryId !== before.category_id) {
            const category = await tagCategoryFor(trx, patch.categoryId);
            // What the tag marks (videos or performers) stays what it is.
            if (category.content_type !== before.content_type)
              throw new ManageError('bad', `标签${quote(before.name)}不能移到另一种内容（contentType ${category.content_type}）的分类`);
          }
          await trx
            .updateTable('tags')
            .set({
              ...(patch.name !== undefined && { name: patch.name }),
              ...(patch.categoryId !== undefined && { category_id: patch.categoryId }),
              ...(patch.sort !== undefined && { sort: patch.sort }),
            })
            .where('id', '=', id)
            .execute();
          const item = await tag(trx, id);
          await writeAudit(trx, actor, {
            action: 'tag.edit',
            targetType: 'tag',
            targetId: id,
            details: { ...audit, before: { name: before.name, categoryId: before.category_id } },
          });
          return { item, orphaned: [] };
        });
      } catch (error) {
        if (!(error instanceof ManageError) && isUniqueViolation(error)) throw new ManageError('conflict', `该分类下已有标签${quote(patch.name ?? '')}`);
        throw error;
      }
    },

    /** Refused while videos, performers, reviews, menu items or banners use the tag. */
    async removeTag(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'tags', 'tag', id);
        const uses = [
          ...counted(await countOf(trx, 'video_tags', 'tag_id', id), '个视频'),
          ...counted(await countOf(trx, 'actress_tags', 'tag_id', id), '位演员'),
          ...counted(await countOf(trx, 'review_tags', 'tag_id', id), '篇影评'),
          ...(await bindersOf(trx, [3], id)),
        ];
        refuseWhileUsed('tag', row.name, uses);
        await trx.deleteFrom('tags').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'tag.remove', targetType: 'tag', targetId: id, details: { name: row.name, categoryId: row.category_id } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },

    // Tag categories ----------------------------------------------------------------------------------
    listTagCategories(keyword: string | undefined, offset: number, limit: number): Promise<Paged<TagCategoryItem>> {
      const q = tagCategoryQuery(db)
        .$if(keyword !== undefined, (b) => b.where('c.name', 'ilike', like(keyword!)))
        .orderBy('c.sort')
        .orderBy('c.id');
      return page(q, offset, limit, (rows) => rows.map(toTagCategory));
    },

    async addTagCategory(actor: Actor, input: { name: string; contentType: number; sort: number }): Promise<WriteResult<TagCategoryItem>> {
      return write(async (trx) => {
        const { id } = await trx
          .insertInto('tag_categories')
          .values({ name: input.name, content_type: input.contentType, sort: input.sort })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await tagCategory(trx, id);
        await writeAudit(trx, actor, {
          action: 'tagcategory.add',
          targetType: 'tagcategory',
          targetId: id,
          details: { name: item.name, contentType: item.contentType },
        });
        return { item, orphaned: [] };
      });
    },

    async editTagCategory(
      actor: Actor,
      id: number,
      patch: { name?: string; contentType?: number; sort?: number },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<TagCategoryItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'tag_categories', 'tagcategory', id);
        if (patch.contentType !== undefined && patch.contentType !== before.content_type && (await countOf(trx, 'tags', 'category_id', id)) > 0)
          throw new ManageError('conflict', `标签分类${quote(before.name)}下还有标签，不能改变它的 contentType`);
        await trx
          .updateTable('tag_categories')
          .set({
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.contentType !== undefined && { content_type: patch.contentType }),
            ...(patch.sort !== undefined && { sort: patch.sort }),
          })
          .where('id', '=', id)
          .execute();
        const item = await tagCategory(trx, id);
        await writeAudit(trx, actor, {
          action: 'tagcategory.edit',
          targetType: 'tagcategory',
          targetId: id,
          details: { ...audit, before: { name: before.name } },
        });
        return { item, orphaned: [] };
      });
    },

    /** Refused while it holds tags or menu items and banners lead to it. */
    async removeTagCategory(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'tag_categories', 'tagcategory', id);
        const uses = [...counted(await countOf(trx, 'tags', 'category_id', id), '个标签'), ...(await bindersOf(trx, [6], id))];
        refuseWhileUsed('tagcategory', row.name, uses);
        await trx.deleteFrom('tag_categories').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'tagcategory.remove', targetType: 'tagcategory', targetId: id, details: { name: row.name } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },

    // Topics ----------------------------------------------------------------------------------------
    listTopics(keyword: string | undefined, offset: number, limit: number): Promise<Paged<TopicItem>> {
      const q = topicQuery(db)
        .$if(keyword !== undefined, (b) => b.where('t.title', 'ilike', like(keyword!)))
        .orderBy('t.sort')
        .orderBy('t.id');
      return page(q, offset, limit, (rows) => rows.map(toTopic));
    },

    async addTopic(
      actor: Actor,
      input: { title: string; type: number; description: string; sort: number; videoIds: number[]; cover: StoredImage },
    ): Promise<WriteResult<TopicItem>> {
      return write(async (trx) => {
        const { id } = await trx
          .insertInto('topics')
          .values({
            title: input.title,
            type: input.type,
            description: input.description,
            sort: input.sort,
            cover: input.cover.path,
            cover_width: input.cover.width,
            cover_height: input.cover.height,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setTopicVideos(trx, id, input.videoIds);
        const item = await topic(trx, id);
        await writeAudit(trx, actor, {
          action: 'topic.add',
          targetType: 'topic',
          targetId: id,
          details: { title: item.title, type: item.type, videoIds: item.videoIds },
        });
        return { item, orphaned: [] };
      });
    },

    async editTopic(
      actor: Actor,
      id: number,
      patch: { title?: string; type?: number; description?: string; sort?: number; videoIds?: number[]; cover?: StoredImage },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<TopicItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'topics', 'topic', id);
        const values = {
          ...(patch.title !== undefined && { title: patch.title }),
          ...(patch.type !== undefined && { type: patch.type }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.sort !== undefined && { sort: patch.sort }),
          ...(patch.cover && { cover: patch.cover.path, cover_width: patch.cover.width, cover_height: patch.cover.height }),
        };
        // An edit of the videos alone changes no column of the row.
        if (Object.keys(values).length) await trx.updateTable('topics').set(values).where('id', '=', id).execute();
        if (patch.videoIds) await setTopicVideos(trx, id, patch.videoIds);
        const item = await topic(trx, id);
        await writeAudit(trx, actor, {
          action: 'topic.edit',
          targetType: 'topic',
          targetId: id,
          details: { ...audit, before: { title: before.title, type: before.type } },
        });
        return { item, orphaned: patch.cover ? [before.cover] : [] };
      });
    },

    /** Refused while menu items or banners lead to it; its list of videos goes with it. */
    async removeTopic(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'topics', 'topic', id);
        refuseWhileUsed('topic', row.title, await bindersOf(trx, [2], id));
        await trx.deleteFrom('topics').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'topic.remove', targetType: 'topic', targetId: id, details: { title: row.title } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [row.cover] };
      });
    },

    // Header menus ------------------------------------------------------------------------------------
    listMenus(keyword: string | undefined, offset: number, limit: number): Promise<Paged<MenuItem>> {
      const q = db
        .selectFrom('header_menus')
        .selectAll()
        .$if(keyword !== undefined, (b) => b.where('name', 'ilike', like(keyword!)))
        .orderBy('sort')
        .orderBy('id');
      return page(q, offset, limit, (rows) => rows.map(toMenu));
    },

    async addMenu(actor: Actor, input: { name: string; sort: number } & BindingInput): Promise<WriteResult<MenuItem>> {
      return write(async (trx) => {
        const binding = await checkedBinding(trx, input);
        const { id } = await trx
          .insertInto('header_menus')
          .values({ name: input.name, sort: input.sort, ...bindColumns(binding) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await menu(trx, id);
        await writeAudit(trx, actor, { action: 'menu.add', targetType: 'menu', targetId: id, details: { ...auditFields(item) } });
        return { item, orphaned: [] };
      });
    },

    async editMenu(
      actor: Actor,
      id: number,
      patch: { name?: string; sort?: number } & Partial<BindingInput>,
      audit: Record<string, unknown>,
    ): Promise<WriteResult<MenuItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'header_menus', 'menu', id);
        const binding = bindingTouched(patch) ? bindColumns(await checkedBinding(trx, mergedBinding(before, patch))) : {};
        await trx
          .updateTable('header_menus')
          .set({ ...(patch.name !== undefined && { name: patch.name }), ...(patch.sort !== undefined && { sort: patch.sort }), ...binding })
          .where('id', '=', id)
          .execute();
        const item = await menu(trx, id);
        await writeAudit(trx, actor, { action: 'menu.edit', targetType: 'menu', targetId: id, details: { ...audit, before: auditFields(toMenu(before)) } });
        return { item, orphaned: [] };
      });
    },

    async removeMenu(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'header_menus', 'menu', id);
        await trx.deleteFrom('header_menus').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'menu.remove', targetType: 'menu', targetId: id, details: auditFields(toMenu(row)) });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },

    // Banners ---------------------------------------------------------------------------------------
    listBanners(keyword: string | undefined, offset: number, limit: number): Promise<Paged<BannerItem>> {
      const q = db
        .selectFrom('banners')
        .selectAll()
        .$if(keyword !== undefined, (b) => b.where('name', 'ilike', like(keyword!)))
        .orderBy('category_id')
        .orderBy('sort')
        .orderBy('id');
      return page(q, offset, limit, (rows) => rows.map(toBanner));
    },

    async addBanner(
      actor: Actor,
      input: { name: string; categoryId: number; sort: number; image: StoredImage } & BindingInput,
    ): Promise<WriteResult<BannerItem>> {
      return write(async (trx) => {
        await checkCategory(trx, input.categoryId);
        const binding = await checkedBinding(trx, input);
        const { id } = await trx
          .insertInto('banners')
          .values({
            name: input.name,
            category_id: input.categoryId,
            sort: input.sort,
            image: input.image.path,
            image_width: input.image.width,
            image_height: input.image.height,
            ...bindColumns(binding),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await banner(trx, id);
        await writeAudit(trx, actor, { action: 'banner.add', targetType: 'banner', targetId: id, details: auditFields(item) });
        return { item, orphaned: [] };
      });
    },

    async editBanner(
      actor: Actor,
      id: number,
      patch: { name?: string; categoryId?: number; sort?: number; image?: StoredImage } & Partial<BindingInput>,
      audit: Record<string, unknown>,
    ): Promise<WriteResult<BannerItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'banners', 'banner', id);
        if (patch.categoryId !== undefined) await checkCategory(trx, patch.categoryId);
        const binding = bindingTouched(patch) ? bindColumns(await checkedBinding(trx, mergedBinding(before, patch))) : {};
        await trx
          .updateTable('banners')
          .set({
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.categoryId !== undefined && { category_id: patch.categoryId }),
            ...(patch.sort !== undefined && { sort: patch.sort }),
            ...(patch.image && { image: patch.image.path, image_width: patch.image.width, image_height: patch.image.height }),
            ...binding,
          })
          .where('id', '=', id)
          .execute();
        const item = await banner(trx, id);
        await writeAudit(trx, actor, { action: 'banner.edit', targetType: 'banner', targetId: id, details: { ...audit, before: { name: before.name } } });
        return { item, orphaned: patch.image ? [before.image] : [] };
      });
    },

    async removeBanner(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'banners', 'banner', id);
        await trx.deleteFrom('banners').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'banner.remove', targetType: 'banner', targetId: id, details: { name: row.name } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [row.image] };
      });
    },

    // Ads -------------------------------------------------------------------------------------------
    listAds(keyword: string | undefined, offset: number, limit: number): Promise<Paged<AdItem>> {
      const q = adQuery(db)
        .$if(keyword !== undefined, (b) => b.where('a.title', 'ilike', like(keyword!)))
        .orderBy('a.position')
        .orderBy('a.sort')
        .orderBy('a.id');
      return page(q, offset, limit, (rows) => rows.map(toAd));
    },

    async addAd(
      actor: Actor,
      input: { position: string; title: string; link: string; linkField: string; sort: number; image: StoredImage },
    ): Promise<WriteResult<AdItem>> {
      const link = checkLink(input.link);
      return write(async (trx) => {
        const { id } = await trx
          .insertInto('advertise')
          .values({
            position: input.position,
            title: input.title,
            link,
            link_field: input.linkField,
            sort: input.sort,
            image: input.image.path,
            image_width: input.image.width,
            image_height: input.image.height,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await ad(trx, id);
        await writeAudit(trx, actor, { action: 'ad.add', targetType: 'ad', targetId: id, details: auditFields({ ...item, clicks: undefined }) });
        return { item, orphaned: [] };
      });
    },

    async editAd(
      actor: Actor,
      id: number,
      patch: { position?: string; title?: string; link?: string; linkField?: string; sort?: number; image?: StoredImage },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<AdItem>> {
      const link = patch.link === undefined ? undefined : checkLink(patch.link);
      return write(async (trx) => {
        const before = await locked(trx, 'advertise', 'ad', id);
        await trx
          .updateTable('advertise')
          .set({
            ...(patch.position !== undefined && { position: patch.position }),
            ...(patch.title !== undefined && { title: patch.title }),
            ...(link !== undefined && { link }),
            ...(patch.linkField !== undefined && { link_field: patch.linkField }),
            ...(patch.sort !== undefined && { sort: patch.sort }),
            ...(patch.image && { image: patch.image.path, image_width: patch.image.width, image_height: patch.image.height }),
          })
          .where('id', '=', id)
          .execute();
        const item = await ad(trx, id);
        await writeAudit(trx, actor, {
          action: 'ad.edit',
          targetType: 'ad',
          targetId: id,
          details: { ...audit, before: { title: before.title, link: before.link } },
        });
        return { item, orphaned: patch.image ? [before.image] : [] };
      });
    },

    /** An ad's click records are its own statistics: they go with it (counted in the answer and the log). */
    async removeAd(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'advertise', 'ad', id);
        const clicks = await trx.deleteFrom('advertise_clicks').where('advertise_id', '=', id).executeTakeFirst();
        await trx.deleteFrom('advertise').where('id', '=', id).execute();
        const alsoRemoved = { clicks: Number(clicks.numDeletedRows) };
        await writeAudit(trx, actor, { action: 'ad.remove', targetType: 'ad', targetId: id, details: { title: row.title, ...alsoRemoved } });
        return { id, removed: true, alsoRemoved, orphaned: [row.image] };
      });
    },

    // Announcements ---------------------------------------------------------------------------------
    listAnnouncements(keyword: string | undefined, offset: number, limit: number): Promise<Paged<AnnouncementItem>> {
      const q = announcementQuery(db)
        .$if(keyword !== undefined, (b) => b.where('title', 'ilike', like(keyword!)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return page(q, offset, limit, (rows) => rows.map(toAnnouncement));
    },

    /** An announcement to everyone: a `messages` row of type 1 without a member, so every /sysMsg lists it under 公告. */
    async addAnnouncement(actor: Actor, input: { title: string; content: string }): Promise<WriteResult<AnnouncementItem>> {
      return write(async (trx) => {
        const { id } = await trx
          .insertInto('messages')
          .values({ type: 1, user_id: null, from_user_id: null, title: input.title, content: input.content })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await announcement(trx, id);
        await writeAudit(trx, actor, { action: 'announcement.add', targetType: 'announcement', targetId: id, details: { title: item.title } });
        return { item, orphaned: [] };
      });
    },

    async editAnnouncement(
      actor: Actor,
      id: number,
      patch: { title?: string; content?: string },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<AnnouncementItem>> {
      return write(async (trx) => {
        const before = await trx
          .selectFrom('messages')
          .select(['id', 'title'])
          .where('id', '=', id)
          .where('type', '=', 1)
          .where('user_id', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw missing('announcement', id);
        await trx
          .updateTable('messages')
          .set({ ...(patch.title !== undefined && { title: patch.title }), ...(patch.content !== undefined && { content: patch.content }) })
          .where('id', '=', id)
          .execute();
        const item = await announcement(trx, id);
        await writeAudit(trx, actor, {
          action: 'announcement.edit',
          targetType: 'announcement',
          targetId: id,
          details: { ...audit, before: { title: before.title } },
        });
        return { item, orphaned: [] };
      });
    },

    async removeAnnouncement(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const gone = await trx
          .deleteFrom('messages')
          .where('id', '=', id)
          .where('type', '=', 1)
          .where('user_id', 'is', null)
          .returning('title')
          .executeTakeFirst();
        if (!gone) throw missing('announcement', id);
        await writeAudit(trx, actor, { action: 'announcement.remove', targetType: 'announcement', targetId: id, details: { title: gone.title } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },

    // FAQ -------------------------------------------------------------------------------------------
    listFaq(keyword: string | undefined, offset: number, limit: number): Promise<Paged<FaqItem>> {
      const q = faqQuery(db)
        .$if(keyword !== undefined, (b) => b.where('f.question', 'ilike', like(keyword!)))
        .orderBy('c.sort')
        .orderBy('f.cate_id')
        .orderBy('f.sort')
        .orderBy('f.id');
      return page(q, offset, limit, (rows) => rows.map(toFaq));
    },

    async addFaq(actor: Actor, input: { categoryId: number; question: string; answer: string; sort: number }): Promise<WriteResult<FaqItem>> {
      return write(async (trx) => {
        await checkFaqCategory(trx, input.categoryId);
        const { id } = await trx
          .insertInto('faq_entries')
          .values({ cate_id: input.categoryId, question: input.question, answer: input.answer, sort: input.sort })
          .returning('id')
          .executeTakeFirstOrThrow();
        const item = await faq(trx, id);
        await writeAudit(trx, actor, { action: 'faq.add', targetType: 'faq', targetId: id, details: { question: item.question, categoryId: item.categoryId } });
        return { item, orphaned: [] };
      });
    },

    async editFaq(
      actor: Actor,
      id: number,
      patch: { categoryId?: number; question?: string; answer?: string; sort?: number },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<FaqItem>> {
      return write(async (trx) => {
        const before = await locked(trx, 'faq_entries', 'faq', id);
        if (patch.categoryId !== undefined) await checkFaqCategory(trx, patch.categoryId);
        await trx
          .updateTable('faq_entries')
          .set({
            ...(patch.categoryId !== undefined && { cate_id: patch.categoryId }),
            ...(patch.question !== undefined && { question: patch.question }),
            ...(patch.answer !== undefined && { answer: patch.answer }),
            ...(patch.sort !== undefined && { sort: patch.sort }),
          })
          .where('id', '=', id)
          .execute();
        const item = await faq(trx, id);
        await writeAudit(trx, actor, { action: 'faq.edit', targetType: 'faq', targetId: id, details: { ...audit, before: { question: before.question } } });
        return { item, orphaned: [] };
      });
    },

    async removeFaq(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'faq_entries', 'faq', id);
        await trx.deleteFrom('faq_entries').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'faq.remove', targetType: 'faq', targetId: id, details: { question: row.question } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },

    // Hot searches ----------------------------------------------------------------------------------
    listHotSearches(keyword: string | undefined, offset: number, limit: number): Promise<Paged<HotSearchItem>> {
      const q = db
        .selectFrom('hot_searches')
        .select(['id', 'keyword', 'heat'])
        .$if(keyword !== undefined, (b) => b.where('keyword', 'ilike', like(keyword!)))
        .orderBy('heat', 'desc')
        .orderBy('id');
      return page(q, offset, limit, (rows) => rows);
    },

    /** One row per keyword however many add it at once: the unique key decides, the others are told it exists. */
    async addHotSearch(actor: Actor, input: { keyword: string; heat: number }): Promise<WriteResult<HotSearchItem>> {
      return write(async (trx) => {
        const row = await trx
          .insertInto('hot_searches')
          .values({ keyword: input.keyword, heat: input.heat })
          .onConflict((oc) => oc.column('keyword').doNothing())
          .returning(['id', 'keyword', 'heat'])
          .executeTakeFirst();
        if (!row) throw hotSearchTaken(input.keyword);
        await writeAudit(trx, actor, { action: 'hotsearch.add', targetType: 'hotsearch', targetId: row.id, details: { keyword: row.keyword, heat: row.heat } });
        return { item: row, orphaned: [] };
      });
    },

    async editHotSearch(
      actor: Actor,
      id: number,
      patch: { keyword?: string; heat?: number },
      audit: Record<string, unknown>,
    ): Promise<WriteResult<HotSearchItem>> {
      try {
        return await write(async (trx) => {
          const before = await locked(trx, 'hot_searches', 'hotsearch', id);
          await trx
            .updateTable('hot_searches')
            .set({
              ...(patch.keyword !== undefined && { keyword: patch.keyword }),
              ...(patch.heat !== undefined && { heat: patch.heat }),
              updated_at: sql`now()`,
            })
            .where('id', '=', id)
            .execute();
          const item = await hotSearch(trx, id);
          await writeAudit(trx, actor, {
            action: 'hotsearch.edit',
            targetType: 'hotsearch',
            targetId: id,
            details: { ...audit, before: { keyword: before.keyword, heat: before.heat } },
          });
          return { item, orphaned: [] };
        });
      } catch (error) {
        if (!(error instanceof ManageError) && isUniqueViolation(error)) throw hotSearchTaken(patch.keyword ?? '');
        throw error;
      }
    },

    async removeHotSearch(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'hot_searches', 'hotsearch', id);
        await trx.deleteFrom('hot_searches').where('id', '=', id).execute();
        // Today's heat records of the keyword go too, so adding it again starts cold.
        const hits = await trx.deleteFrom('hot_search_hits').where('keyword', '=', row.keyword).executeTakeFirst();
        await writeAudit(trx, actor, { action: 'hotsearch.remove', targetType: 'hotsearch', targetId: id, details: { keyword: row.keyword } });
        return { id, removed: true, alsoRemoved: { hits: Number(hits.numDeletedRows) }, orphaned: [] };
      });
    },

    // Check-in prizes -------------------------------------------------------------------------------
    listPrizes(offset: number, limit: number): Promise<Paged<PrizeItem>> {
      return page(prizeQuery(db).orderBy('p.days').orderBy('p.id'), offset, limit, (rows) => rows.map(toPrize));
    },

    /** One prize per run length however many add it at once (the unique key on days decides). */
    async addPrize(actor: Actor, input: { days: number; points: number }): Promise<WriteResult<PrizeItem>> {
      return write(async (trx) => {
        const row = await trx
          .insertInto('checkin_prizes')
          .values({ days: input.days, points: input.points })
          .onConflict((oc) => oc.column('days').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw prizeTaken(input.days);
        const item = await prize(trx, row.id);
        await writeAudit(trx, actor, { action: 'prize.add', targetType: 'prize', targetId: row.id, details: { days: item.days, points: item.points } });
        return { item, orphaned: [] };
      });
    },

    async editPrize(actor: Actor, id: number, patch: { days?: number; points?: number }, audit: Record<string, unknown>): Promise<WriteResult<PrizeItem>> {
      try {
        return await write(async (trx) => {
          const before = await locked(trx, 'checkin_prizes', 'prize', id);
          await trx
            .updateTable('checkin_prizes')
            .set({ ...(patch.days !== undefined && { days: patch.days }), ...(patch.points !== undefined && { points: patch.points }) })
            .where('id', '=', id)
            .execute();
          const item = await prize(trx, id);
          await writeAudit(trx, actor, {
            action: 'prize.edit',
            targetType: 'prize',
            targetId: id,
            details: { ...audit, before: { days: before.days, points: before.points } },
          });
          return { item, orphaned: [] };
        });
      } catch (error) {
        if (!(error instanceof ManageError) && isUniqueViolation(error)) throw prizeTaken(patch.days ?? 0);
        throw error;
      }
    },

    /**
     * Members' claims of the prize stay as history (their points and score log are theirs); the
     * prize is simply no longer offered.
     */
    async removePrize(actor: Actor, id: number): Promise<RemoveResult> {
      return write(async (trx) => {
        const row = await locked(trx, 'checkin_prizes', 'prize', id);
        await trx.deleteFrom('checkin_prizes').where('id', '=', id).execute();
        await writeAudit(trx, actor, { action: 'prize.remove', targetType: 'prize', targetId: id, details: { days: row.days, points: row.points } });
        return { id, removed: true, alsoRemoved: {}, orphaned: [] };
      });
    },
  };
}

export type ManageRepository = ReturnType<typeof manageRepository>;
