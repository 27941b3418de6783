import { sql, type Kysely } from 'kysely';
import type { VideoItem } from '../../../protocol/api.ts';
import type { HotSearch } from '../../../protocol/content-api.ts';
import type { Schema } from '../schema.ts';
import { pageTotal } from './paging.ts';
import { ITEM_COLUMNS, toItem } from './catalogue.ts';

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
    async videos(keyword: string, offset: number, limit: number): Promise<{ list: VideoItem[]; total: number }> {
      const pattern = containsPattern(keyword);
      const rows = await db
        .selectFrom('videos')
        .select([...ITEM_COLUMNS, sql<string>`count(*) over ()`.as('total')])
        .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]))
        .orderBy('play_count', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await pageTotal(
        rows,
        offset,
        async () =>
          (
            await db
              .selectFrom('videos')
              .select(sql<string>`count(*)`.as('n'))
              .where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]))
              .executeTakeFirstOrThrow()
          ).n,
      );
      return {
        total,
        list: rows.map(toItem),
      };
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

    /** A search that found something warms its keyword, so the hot list follows what people look for. */
    async warm(keyword: string): Promise<void> {
      await db
        .insertInto('hot_searches')
        .values({ keyword, heat: 1 })
        .onConflict((oc) => oc.column('keyword').doUpdateSet({ heat: sql`hot_searches.heat + 1`, updated_at: sql`now()` }))
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
