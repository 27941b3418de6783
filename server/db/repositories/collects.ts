import { sql, type Kysely } from 'kysely';
import type { VideoItem } from '../../../protocol/api.ts';
import type { CollectState } from '../../../protocol/content-api.ts';
import type { Schema } from '../schema.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';
import { page, type Paged } from './paging.ts';

const VIDEO = 2;
const ACTRESS = 8;

/** What can be collected: 2 a video (favourite), 8 a creator (follow). */
export type CollectableType = typeof VIDEO | typeof ACTRESS;

/** The table of each collectable type and the column counting its collects. */
const COUNTED = {
  [VIDEO]: { table: 'videos', column: 'collect_count' },
  [ACTRESS]: { table: 'actresses', column: 'fans_count' },
} as const;

export function collectsRepository(db: Kysely<Schema>) {
  /**
   * Adds or removes a favourite (a video) or a follow (a creator) and keeps the item's count in
   * step, in one transaction. undefined when the item does not exist.
   */
  async function change(userId: number, contentType: CollectableType, id: number, add: boolean): Promise<CollectState | undefined> {
    return db.transaction().execute(async (trx) => {
      const { table, column } = COUNTED[contentType];
      const item = await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!item) return undefined;
      const changed = add
        ? await trx
            .insertInto('collects')
            .values({ user_id: userId, content_type: contentType, content_id: id })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst()
        : await trx
            .deleteFrom('collects')
            .where('user_id', '=', userId)
            .where('content_type', '=', contentType)
            .where('content_id', '=', id)
            .executeTakeFirst();
      const rows = 'numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows;
      const delta = Number(rows ?? 0) === 0 ? 0 : add ? 1 : -1;
      const { n } = await trx
        .updateTable(table)
        .set(column, sql<number>`greatest(${sql.ref(column)} + ${delta}, 0)`)
        .where('id', '=', id)
        .returning(sql<number>`${sql.ref(column)}`.as('n'))
        .executeTakeFirstOrThrow();
      return { isCollect: add, collectCount: n };
    });
  }

  return {
    add: (userId: number, id: number, contentType: CollectableType = VIDEO) => change(userId, contentType, id, true),
    del: (userId: number, id: number, contentType: CollectableType = VIDEO) => change(userId, contentType, id, false),

    /** Ids of the user's followed creators, newest follow first, with the total in the same query. */
    actressIds(userId: number, offset: number, limit: number): Promise<Paged<number>> {
      const query = db
        .selectFrom('collects')
        .select('content_id')
        .where('user_id', '=', userId)
        .where('content_type', '=', ACTRESS)
        .orderBy('created_at', 'desc')
        .orderBy('content_id', 'desc');
      return page(query, offset, limit, (rows) => rows.map((r) => r.content_id));
    },

    /** Ids of up to `limit` of the user's favourite videos, in no particular order. */
    async collectedVideoIds(userId: number, limit: number): Promise<number[]> {
      const rows = await db.selectFrom('collects').select('content_id').where('user_id', '=', userId).where('content_type', '=', VIDEO).limit(limit).execute();
      return rows.map((r) => r.content_id);
    },

    async isCollected(userId: number, videoId: number): Promise<boolean> {
      const row = await db
        .selectFrom('collects')
        .select('content_id')
        .where('user_id', '=', userId)
        .where('content_type', '=', VIDEO)
        .where('content_id', '=', videoId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's favourite videos, newest favourite first, with the total in the same query. */
    videos(userId: number, offset: number, limit: number): Promise<Paged<VideoItem>> {
      const query = db
        .selectFrom('collects as c')
        .innerJoin('videos', 'videos.id', 'c.content_id')
        .select(ITEM_COLUMNS.map((col) => `videos.${col}` as const))
        .where('c.user_id', '=', userId)
        .where('c.content_type', '=', VIDEO)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.content_id', 'desc');
      return page(query, offset, limit, (rows) => rows.map(toItem));
    },
  };
}

export type CollectsRepository = ReturnType<typeof collectsRepository>;
