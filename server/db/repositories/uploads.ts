import type { Kysely, Transaction } from 'kysely';
import type { UploadPurpose } from '../../../protocol/api.ts';
import type { Schema } from '../schema.ts';

/** An upload a post or a feedback uses: its path and size in pixels. */
export interface ClaimedImage {
  path: string;
  width: number;
  height: number;
}

/**
 * Inside the transaction of what uses them: locks `paths` (in the caller's order), which must be
 * `userId`'s own uploads of `purpose` that nothing uses yet, and marks them used, so the sweeper
 * keeps them and nothing else can take them. Answers their sizes, or null when any path fails.
 */
export async function claimUploads(trx: Transaction<Schema>, userId: number, purpose: UploadPurpose, paths: string[]): Promise<ClaimedImage[] | null> {
  if (paths.length === 0) return [];
  const rows = await trx
    .selectFrom('uploads')
    .select(['path', 'width', 'height', 'referenced'])
    .where('path', 'in', paths)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .forUpdate()
    .execute();
  const claimed: ClaimedImage[] = [];
  for (const path of paths) {
    const row = rows.find((r) => r.path === path);
    if (!row || row.referenced) return null;
    claimed.push({ path, width: row.width, height: row.height });
  }
  await trx.updateTable('uploads').set({ referenced: true }).where('path', 'in', paths).execute();
  return claimed;
}

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
