import { sql, type Kysely } from 'kysely';
import type { VideoItem } from '../../../protocol/api.ts';
import type { CollectState } from '../../../protocol/content-api.ts';
import type { Schema } from '../schema.ts';
import { pageTotal } from './paging.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';

const VIDEO = 2;

export function collectsRepository(db: Kysely<Schema>) {
  /** Adds or removes a favourite and keeps the video's count in step, in one transaction. */
  async function change(userId: number, videoId: number, add: boolean): Promise<CollectState | undefined> {
    return db.transaction().execute(async (trx) => {
      const video = await trx.selectFrom('videos').select('id').where('id', '=', videoId).forUpdate().executeTakeFirst();
      if (!video) return undefined;
      const changed = add
        ? await trx
            .insertInto('collects')
            .values({ user_id: userId, content_type: VIDEO, content_id: videoId })
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst()
        : await trx
            .deleteFrom('collects')
            .where('user_id', '=', userId)
            .where('content_type', '=', VIDEO)
            .where('content_id', '=', videoId)
            .executeTakeFirst();
      const rows = 'numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows;
      const delta = Number(rows ?? 0) === 0 ? 0 : add ? 1 : -1;
      const row = await trx
        .updateTable('videos')
        .set({ collect_count: sql`greatest(collect_count + ${delta}, 0)` })
        .where('id', '=', videoId)
        .returning('collect_count')
        .executeTakeFirstOrThrow();
      return { isCollect: add, collectCount: row.collect_count };
    });
  }

  return {
    add: (userId: number, videoId: number) => change(userId, videoId, true),
    del: (userId: number, videoId: number) => change(userId, videoId, false),

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
    async videos(userId: number, offset: number, limit: number): Promise<{ list: VideoItem[]; total: number }> {
      const rows = await db
        .selectFrom('collects as c')
        .innerJoin('videos', 'videos.id', 'c.content_id')
        .select([...ITEM_COLUMNS.map((col) => `videos.${col}` as const), sql<string>`count(*) over ()`.as('total')])
        .where('c.user_id', '=', userId)
        .where('c.content_type', '=', VIDEO)
        .orderBy('c.created_at', 'desc')
        .orderBy('c.content_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await pageTotal(
        rows,
        offset,
        async () =>
          (
            await db
              .selectFrom('collects')
              .select(sql<string>`count(*)`.as('n'))
              .where('user_id', '=', userId)
              .where('content_type', '=', VIDEO)
              .executeTakeFirstOrThrow()
          ).n,
      );
      return { total, list: rows.map(toItem) };
    },
  };
}

export type CollectsRepository = ReturnType<typeof collectsRepository>;
