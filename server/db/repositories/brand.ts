import type { Insertable, Kysely, Selectable } from 'kysely';
import type { BrandDetail, BrandItem, BrandType } from '../../../protocol/brand-api.ts';
import type { BrandItemTable, Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

/** Set with the demo items of the group area, so what operators remove is not seeded again. */
const BRAND_MARKER = 'seeded_brand_at';

/** The columns of a list item; the body is read only by the detail. */
const ITEM_COLUMNS = ['id', 'type', 'title', 'summary', 'source', 'cover', 'cover_width', 'cover_height', 'published_at', 'ends_at'] as const;

type ItemRow = Pick<Selectable<BrandItemTable>, (typeof ITEM_COLUMNS)[number]>;

const iso = (value: Date | string) => new Date(value).toISOString();

function toItem(r: ItemRow): BrandItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    summary: r.summary,
    source: r.source,
    cover: r.cover,
    coverWidth: r.cover_width,
    coverHeight: r.cover_height,
    publishedAt: iso(r.published_at),
    endsAt: r.ends_at === null ? null : iso(r.ends_at),
  };
}

export function brandRepository(db: Kysely<Schema>) {
  return {
    /** A page of one type's items, newest first (ties by id, so pages never overlap). */
    list(type: BrandType, offset: number, limit: number): Promise<Paged<BrandItem>> {
      const query = db.selectFrom('brand_items').select(ITEM_COLUMNS).where('type', '=', type).orderBy('published_at', 'desc').orderBy('id', 'desc');
      return page(query, offset, limit, (rows) => rows.map(toItem));
    },

    /** One item of any type with its whole text, or null when there is none with that id. */
    async detail(id: number): Promise<BrandDetail | null> {
      const row = await db
        .selectFrom('brand_items')
        .select([...ITEM_COLUMNS, 'body'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...toItem(row), body: row.body } : null;
    },

    /**
     * Adds the demo items once (a marker row guards them; databases seeded earlier gain them too).
     * Returns whether it inserted now.
     */
    insertDemo(rows: Insertable<BrandItemTable>[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('app_meta')
          .values({ key: BRAND_MARKER, value: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!marked) return false;
        if (rows.length > 0) await trx.insertInto('brand_items').values(rows).execute();
        return true;
      });
    },
  };
}

export type BrandRepository = ReturnType<typeof brandRepository>;
