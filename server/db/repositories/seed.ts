import type { Insertable, Kysely } from 'kysely';
import type { AdvertiseTable, CategoryTable, ClipTable, Schema, VideoTable } from '../schema.ts';

const SEED_MARKER = 'seeded_at';

export interface SeedData {
  categories: Insertable<CategoryTable>[];
  clips: Insertable<ClipTable>[];
  videos: Insertable<VideoTable>[];
  advertise: Insertable<AdvertiseTable>[];
}

export function seedRepository(db: Kysely<Schema>) {
  return {
    async isSeeded(): Promise<boolean> {
      const row = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_MARKER).executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts the catalogue and the marker in one transaction, so a crash mid-seed leaves nothing. */
    async insert(data: SeedData): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('categories').values(data.categories).execute();
        await trx.insertInto('clips').values(data.clips).execute();
        await trx.insertInto('videos').values(data.videos).execute();
        await trx.insertInto('advertise').values(data.advertise).execute();
        await trx.insertInto('app_meta').values({ key: SEED_MARKER, value: new Date().toISOString() }).execute();
      });
    },
  };
}
