import { sql, type Kysely, type Selectable } from 'kysely';
import type { Advertise, NavItem, Rendition, VideoDetail, VideoItem } from '../../../protocol/api.ts';
import { HOME_ID } from '../../../protocol/api.ts';
import { thumbnailsOf } from '../../media/sprites.ts';
import type { AdvertiseTable, Schema, VideoTable } from '../schema.ts';

/** Columns of a VideoItem; shared by every repository that lists videos. */
export const ITEM_COLUMNS = [
  'id',
  'title',
  'cover',
  'cover_width',
  'cover_height',
  'duration',
  'play_count',
  'like_count',
  'comment_count',
  'category_id',
  'created_at',
] as const;

export type ItemRow = Pick<Selectable<VideoTable>, (typeof ITEM_COLUMNS)[number]>;

export function toItem(r: ItemRow): VideoItem {
  return {
    id: r.id,
    contentType: 2,
    title: r.title,
    cover: r.cover,
    coverWidth: r.cover_width,
    coverHeight: r.cover_height,
    duration: r.duration,
    playCount: r.play_count,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    categoryId: r.category_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export function toAdvertise(r: Selectable<AdvertiseTable>): Advertise {
  return { id: r.id, position: r.position, title: r.title, image: r.image, imageWidth: r.image_width, imageHeight: r.image_height, [r.link_field]: r.link };
}

/** Who may open a video: anyone when listed; a member's unlisted work (private, pending, rejected) only its author. */
export interface VideoAccess {
  ownerId: number | null;
  listed: boolean;
}

/** Ids of the header menu's link items, clear of category ids. */
export const MENU_LINK_IDS = { actresses: 90001, reviews: 90002, group: 90003 } as const;

/** The marker of the header menu's one-time copy into `header_menus` (migration 0027). */
export const HEADER_MENUS_MARKER = 'seeded_header_menus_at';

export function catalogueRepository(db: Kysely<Schema>) {
  return {
    /** The header menu of ping/config: the rows of `header_menus` (operators edit them), in order. */
    async menus(): Promise<NavItem[]> {
      const rows = await db.selectFrom('header_menus').selectAll().orderBy('sort').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        bindType: r.bind_type,
        bindInt: r.bind_int,
        bindStr: r.bind_str,
        jumpType: r.jump_type,
        contentType: r.content_type,
        sort: r.sort,
      }));
    },

    /**
     * Copies the menu the site had before operators could edit it (home, every video category,
     * then links to the performers, reviews and the group area) into `header_menus`, once per
     * database: the seed calls it under the seed lock, and the marker keeps an operator's later
     * edits (a removed item included) from being undone by a restart.
     */
    async seedMenus(): Promise<boolean> {
      const seeded = await db.selectFrom('app_meta').select('key').where('key', '=', HEADER_MENUS_MARKER).executeTakeFirst();
      if (seeded) return false;
      const items = await this.defaultMenus();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('header_menus')
          .values(
            items.map((m) => ({
              id: m.id,
              name: m.name,
              bind_type: m.bindType,
              bind_int: m.bindInt,
              bind_str: m.bindStr,
              jump_type: m.jumpType,
              content_type: m.contentType,
              sort: m.sort,
            })),
          )
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await trx.insertInto('app_meta').values({ key: HEADER_MENUS_MARKER, value: new Date().toISOString() }).execute();
      });
      return true;
    },

    /** The menu made from the video categories, as it was before `header_menus`. */
    async defaultMenus(): Promise<NavItem[]> {
      const rows = await db.selectFrom('categories').selectAll().orderBy('sort').orderBy('id').execute();
      const item = (id: number, name: string, sort: number): NavItem => ({
        id,
        name,
        bindType: 1,
        bindInt: id,
        bindStr: '',
        jumpType: 0,
        contentType: 2,
        sort,
      });
      // After the categories: in-app links (bindType 4, jumpType 1) to the browsing screens that
      // have no tab of their own.
      const link = (id: number, name: string, path: string, sort: number): NavItem => ({
        id,
        name,
        bindType: 4,
        bindInt: 0,
        bindStr: path,
        jumpType: 1,
        contentType: 0,
        sort,
      });
      const next = rows.length + 1;
      return [
        item(HOME_ID, '推荐', 0),
        ...rows.map((r, i) => item(r.id, r.name, i + 1)),
        link(MENU_LINK_IDS.actresses, '演员', '/actressList', next),
        link(MENU_LINK_IDS.reviews, '影评', '/nav/reviews', next + 1),
        link(MENU_LINK_IDS.group, '圈子', '/group', next + 2),
      ];
    },

    async advertise(): Promise<Advertise[]> {
      const rows = await db.selectFrom('advertise').selectAll().orderBy('position').orderBy('sort').orderBy('id').execute();
      return rows.map(toAdvertise);
    },

    async advertiseExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('advertise').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async recordClick(advertiseId: number, userId: number | null): Promise<boolean> {
      const result = await db
        .insertInto('advertise_clicks')
        .columns(['advertise_id', 'user_id'])
        .expression(
          db
            .selectFrom('advertise')
            .select([sql<number>`id`.as('advertise_id'), sql<number | null>`${userId}::integer`.as('user_id')])
            .where('id', '=', advertiseId),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async videoExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('videos').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** The image a video page shows first (its poster, else its cover) and its size; undefined for an unknown id. */
    async posterOf(id: number): Promise<{ path: string; width: number; height: number } | undefined> {
      const row = await db.selectFrom('videos').select(['poster', 'cover', 'cover_width', 'cover_height']).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return { path: row.poster || row.cover, width: row.cover_width || 1280, height: row.cover_height || 720 };
    },

    /**
     * What a shared link to a video shows (server/plugins/share-meta.ts): its title, description,
     * length and poster, for listed videos only; a private or unfinished work is undefined like an
     * unknown id, so no preview tells its title to anyone.
     */
    async shareCard(id: number): Promise<{ title: string; description: string; duration: number; poster: string } | undefined> {
      const row = await db
        .selectFrom('videos')
        .select(['title', 'description', 'duration', 'poster', 'cover'])
        .where('id', '=', id)
        .where('listed', '=', true)
        .executeTakeFirst();
      return row ? { title: row.title, description: row.description, duration: row.duration, poster: row.poster || row.cover } : undefined;
    },

    async categoryExists(id: number): Promise<boolean> {
      const row = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /** Video count per category plus the HOME_ID total: small and read on every list page. */
    async counts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('videos')
        .select(['category_id', sql<string>`count(*)`.as('n')])
        .where('listed', '=', true)
        .groupBy('category_id')
        .execute();
      const map = new Map<number, number>();
      let total = 0;
      for (const r of rows) {
        map.set(r.category_id, Number(r.n));
        total += Number(r.n);
      }
      map.set(HOME_ID, total);
      return map;
    },

    async list(categoryId: number, offset: number, limit: number): Promise<VideoItem[]> {
      let q = db.selectFrom('videos').select(ITEM_COLUMNS).where('listed', '=', true);
      if (categoryId !== HOME_ID) q = q.where('category_id', '=', categoryId);
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
      return rows.map(toItem);
    },

    /** The detail of a video without counting a play (server/cache/play-counts.ts does that); undefined for an unknown id. */
    async detail(id: number, recommendCount: number): Promise<(VideoDetail & { access: VideoAccess }) | undefined> {
      // The video and the recommendations are independent: both in one round trip.
      const [row, recommend] = await Promise.all([
        db
          .selectFrom('videos')
          .innerJoin('clips', 'clips.name', 'videos.clip')
          .select([
            ...ITEM_COLUMNS.map((c) => `videos.${c}` as const),
            'videos.description',
            'videos.collect_count',
            'videos.clip',
            'videos.poster',
            'videos.tags',
            'clips.renditions',
            'clips.duration as clip_duration',
            'videos.owner_id',
            'videos.listed',
          ])
          .where('videos.id', '=', id)
          .executeTakeFirst(),
        db
          .selectFrom('videos')
          .select(ITEM_COLUMNS)
          .where('id', '<>', id)
          .where('listed', '=', true)
          // Same category first; other categories fill the list when that one is small.
          .orderBy(sql`category_id = (select v.category_id from videos v where v.id = ${id})`, 'desc')
          .orderBy('play_count', 'desc')
          .orderBy('id', 'desc')
          .limit(recommendCount)
          .execute(),
      ]);
      if (!row) return undefined;
      return {
        ...toItem(row),
        description: row.description,
        collectCount: row.collect_count,
        stream: `${row.clip}/manifest.mpd`,
        poster: row.poster,
        renditions: row.renditions as Rendition[],
        thumbnails: thumbnailsOf(row.clip, row.clip_duration),
        tags: row.tags,
        recommend: recommend.map(toItem),
        access: { ownerId: row.owner_id, listed: row.listed },
      };
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
