import { sql, type Kysely } from 'kysely';
import type { HistoryEntry, HistoryItem } from '../../../protocol/contracts/member.ts';
import type { Schema } from '../schema.ts';

/** The watches kept per member: the newest, as many as one sync answers. */
export const HISTORY_KEPT = 200;

export type HistoryRepository = ReturnType<typeof historyRepository>;

interface HistoryRow {
  video_id: number;
  position: number;
  duration: number;
  finished: boolean;
  watched_at: Date | string;
  title: string;
  cover: string;
  cover_width: number;
  cover_height: number;
}

function toEntry(row: HistoryRow): HistoryEntry {
  return {
    videoId: row.video_id,
    position: row.position,
    duration: row.duration,
    finished: row.finished,
    watchedAt: new Date(row.watched_at).toISOString(),
    title: row.title,
    cover: row.cover,
    coverWidth: row.cover_width,
    coverHeight: row.cover_height,
  };
}

export function historyRepository(db: Kysely<Schema>) {
  return {
    /**
     * Merges a device's watches into the member's history and answers the result, newest first.
     * The member's row is locked first, so a clear on one device and a sync of another run one
     * after the other: nothing watched before the last clear comes back. Each video keeps its
     * newest watch (one upsert; repeats within a call are reduced to their newest first), unknown
     * videos are skipped, and times in the future count as now.
     */
    async sync(userId: number, items: readonly HistoryItem[], clearedAt: string | null): Promise<{ list: HistoryEntry[]; clearedAt: string | null }> {
      return db.transaction().execute(async (trx) => {
        const cleared = clearedAt === null ? null : new Date(Math.min(Date.parse(clearedAt), Date.now())).toISOString();
        const { rows: locked } = await sql<{ history_cleared_at: Date | string | null }>`
          UPDATE users SET history_cleared_at = greatest(history_cleared_at, CAST(${cleared} AS timestamptz))
          WHERE id = ${userId} RETURNING history_cleared_at`.execute(trx);
        const since = locked[0]?.history_cleared_at ?? null;
        if (since !== null) await trx.deleteFrom('watch_history').where('user_id', '=', userId).where('watched_at', '<=', new Date(since)).execute();
        if (items.length > 0) {
          const after = since === null ? null : new Date(since).toISOString();
          await sql`
            INSERT INTO watch_history (user_id, video_id, position, duration, finished, watched_at)
            SELECT ${userId}, v.id, i.position, i.duration, i.finished, least(i."watchedAt", now())
            FROM (
              SELECT DISTINCT ON ("videoId") * FROM jsonb_to_recordset(CAST(${JSON.stringify(items)} AS jsonb))
                AS r("videoId" integer, position integer, duration integer, finished boolean, "watchedAt" timestamptz)
              ORDER BY "videoId", "watchedAt" DESC
            ) AS i
            JOIN videos v ON v.id = i."videoId"
            WHERE CAST(${after} AS timestamptz) IS NULL OR i."watchedAt" > CAST(${after} AS timestamptz)
            ON CONFLICT (user_id, video_id) DO UPDATE
              SET position = EXCLUDED.position, duration = EXCLUDED.duration, finished = EXCLUDED.finished, watched_at = EXCLUDED.watched_at
              WHERE EXCLUDED.watched_at > watch_history.watched_at`.execute(trx);
          await sql`
            DELETE FROM watch_history WHERE user_id = ${userId} AND video_id NOT IN (
              SELECT video_id FROM watch_history WHERE user_id = ${userId} ORDER BY watched_at DESC, video_id LIMIT ${HISTORY_KEPT})`.execute(trx);
        }
        const rows = await trx
          .selectFrom('watch_history as h')
          .innerJoin('videos as v', 'v.id', 'h.video_id')
          .select(['h.video_id', 'h.position', 'h.duration', 'h.finished', 'h.watched_at', 'v.title', 'v.cover', 'v.cover_width', 'v.cover_height'])
          .where('h.user_id', '=', userId)
          .orderBy('h.watched_at', 'desc')
          .orderBy('h.video_id', 'desc')
          .limit(HISTORY_KEPT)
          .execute();
        return { list: rows.map(toEntry), clearedAt: since === null ? null : new Date(since).toISOString() };
      });
    },
  };
}
