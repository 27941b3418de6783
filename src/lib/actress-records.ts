import { upsertByRef, type DbRecord } from './db.ts';

/** Performer browsing record kept in the `actress` store of md_db: read by /mine, also offline. */
export type ActressRecord = {
  name: string;
  refId: string;
  actressId: number;
  avatar: string;
  visitedAt: string;
};

export interface RecentActress {
  key: number;
  actressId: number;
  name: string;
  avatar: string;
  visitedAt: string;
}

export function actressRecordOf(actress: { id: number; name: string; avatar: string }, now = new Date()): ActressRecord {
  return {
    name: actress.name,
    refId: String(actress.id),
    actressId: actress.id,
    avatar: actress.avatar,
    visitedAt: now.toISOString(),
  };
}

/** One record per performer; a repeat visit moves it to the front. Best effort: never blocks the page. */
export async function saveActressVisit(actress: { id: number; name: string; avatar: string }): Promise<void> {
  try {
    await upsertByRef('actress', String(actress.id), actressRecordOf(actress));
  } catch {
    return;
  }
}

/** Stored records come from older builds too; anything malformed is skipped rather than shown. */
export function recentActressOf(record: DbRecord): RecentActress | null {
  const actressId = Number(record.actressId ?? record.refId);
  if (!Number.isInteger(actressId) || actressId <= 0 || record.id === undefined) return null;
  return {
    key: record.id,
    actressId,
    name: typeof record.name === 'string' ? record.name : '',
    avatar: typeof record.avatar === 'string' ? record.avatar : '',
    visitedAt: String(record.visitedAt ?? record.updatedAt ?? record.createdAt ?? ''),
  };
}
