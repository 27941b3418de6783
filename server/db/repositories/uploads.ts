import type { Kysely } from 'kysely';
import type { Schema } from '../schema.ts';

export interface UploadRecord {
  path: string;
  userId: number;
  type: string;
  width: number;
  height: number;
  size: number;
}

export function uploadsRepository(db: Kysely<Schema>) {
  return {
    async record(rows: UploadRecord[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('uploads')
        .values(rows.map((r) => ({ path: r.path, user_id: r.userId, type: r.type, width: r.width, height: r.height, size: r.size })))
        .execute();
    },
  };
}
