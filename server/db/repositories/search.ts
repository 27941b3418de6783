import { sql, type Kysely } from 'kysely';
import type { VideoItem } from '../../../protocol/api.ts';
import type { HotSearch } from '../../../protocol/content-api.ts';
import type { Schema } from '../schema.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';
import { page, type Paged } from './paging.ts';

/** LIKE pattern matching `keyword` anywhere, with the wildcards of the keyword taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchRepository(db: Kysely<Schema>) {
  return {
    /**
     * Videos whose title or description contains the keyword (substring match, so Chinese text
     * matches without word boundaries), most played first; one query with the total alongside.
     */
    videos(keyword: string, offset: number, limit: number): Promise<Paged<VideoItem>> {
      const pattern = containsPattern(keyword);
      const query = db
        .selectFrom('videos')
        .select(ITEM_COLUMNS)
        .where('listed', '=', true)
        .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]))
        .orderBy('play_count', 'desc')
        .orderBy('id', 'desc');
      return page(query, offset, limit, (rows) => rows.map(toItem));
    },

    async hotCount(): Promise<number> {
      const row = await db
        .selectFrom('hot_searches')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One batch of hot searches, hottest first; rank counts from the top of the whole list. */
    async hot(offset: number, limit: number): Promise<HotSearch[]> {
      const rows = await db
        .selectFrom('hot_searches')
        .select(['id', 'keyword', 'heat'])
        .orderBy('heat', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r, i) => ({ id: r.id, keyword: r.keyword, heat: r.heat, rank: offset + i + 1 }));
    },

    /**
     * A search that found something warms its keyword, once per caller per keyword per day, so the
     * hot list follows what many people look for and one caller repeating a search moves nothing.
     * One statement: the hit is claimed and the heat raised together, or neither.
     */
    async warm(keyword: string, caller: string, day: string): Promise<boolean> {
      const { rows } = await sql<{ keyword: string }>`
        WITH hit AS (
          INSERT INTO hot_search_hits (keyword, caller, day) VALUES (${keyword}, ${caller}, ${day}::date)
          ON CONFLICT DO NOTHING RETURNING keyword
        )
        INSERT INTO hot_searches (keyword, heat) SELECT keyword, 1 FROM hit
        ON CONFLICT (keyword) DO UPDATE SET heat = hot_searches.heat + 1, updated_at = now()
        RETURNING keyword`.execute(db);
      return rows.length > 0;
    },

    /** Hits of days before `day` no longer decide anything. */
    async purgeHitsBefore(day: string): Promise<void> {
      await db.deleteFrom('hot_search_hits').where('day', '<', day).execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
