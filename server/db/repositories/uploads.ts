import type { Kysely } from 'kysely';
import type { UploadPurpose } from '../../../protocol/api.ts';
import type { Schema } from '../schema.ts';

export interface UploadRecord {
  path: string;
  userId: number;
  type: string;
  width: number;
  height: number;
  size: number;
  purpose: UploadPurpose;
}

export function uploadsRepository(db: Kysely<Schema>) {
  return {
    async record(rows: UploadRecord[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('uploads')
        .values(rows.map((r) => ({ path: r.path, user_id: r.userId, type: r.type, width: r.width, height: r.height, size: r.size, purpose: r.purpose })))
        .execute();
    },

    /**
     * Marks uploads as used by something (an avatar, a post, a draft), so the sweeper keeps them.
     * Answers how many rows it found: fewer than asked means some paths are unknown or already swept.
     */
    async reference(paths: string[]): Promise<number> {
      if (paths.length === 0) return 0;
      const result = await db.updateTable('uploads').set({ referenced: true }).where('path', 'in', paths).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Deletes up to `limit` unreferenced uploads created before `before` and answers their paths.
     * Rows another instance is deleting at the same moment are skipped (SKIP LOCKED), and a row
     * referenced meanwhile is kept, so each file is handed to exactly one sweeper.
     */
    async takeExpired(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .deleteFrom('uploads')
        .where('path', 'in', (eb) =>
          eb
            .selectFrom('uploads')
            .select('path')
            .where('referenced', '=', false)
            .where('created_at', '<', before)
            .orderBy('created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .where('referenced', '=', false)
        .returning('path')
        .execute();
      return rows.map((r) => r.path);
    },
  };
}
