import type { Dexie, Table } from 'dexie';

export const DB_NAME = 'md_db';
export const DB_VERSION = 1;
export const STORE_NAMES = ['actress', 'videos', 'reviews', 'other'] as const;
export type StoreName = (typeof STORE_NAMES)[number];

const SCHEMA = '++id, name, createdAt, refId';

/** The local database messages of SPEC §8; failures get ": reason" appended. */
export const DB_MESSAGES = {
  added: '数据添加成功',
  addFailed: '添加失败',
  bulkAdded: '批量添加成功',
  bulkAddFailed: '批量添加失败',
  fetchFailed: '数据获取失败',
  queryFailed: '查询失败',
  updated: '数据更新成功',
  updateFailed: '更新失败',
  deleted: '数据删除成功',
  deleteFailed: '删除失败',
  notFound: '记录不存在',
  notFoundOrUnchanged: '记录不存在或无需更新',
} as const;

export interface DbRecord {
  id?: number;
  name?: string;
  refId?: string;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

export interface DbResult {
  message: string;
  id: number;
}

export class DbError extends Error {
  constructor(prefix: string, reason?: unknown) {
    super(reason === undefined ? prefix : `${prefix}: ${reasonOf(reason)}`);
    this.name = 'DbError';
  }
}

function reasonOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return String(reason);
}

export type MdDb = Dexie & { [K in StoreName]: Table<DbRecord, number> };

let opened: Promise<MdDb> | null = null;

/** Dexie loads on first use so it stays out of the initial bundle. */
export function getDb(): Promise<MdDb> {
  opened ??= import('dexie').then(({ Dexie: DexieClass }) => {
    const db = new DexieClass(DB_NAME) as MdDb;
    db.version(DB_VERSION).stores(Object.fromEntries(STORE_NAMES.map((name) => [name, SCHEMA])));
    return db;
  });
  return opened;
}

/** Newest activity first: an updated record (a re-watched video) moves to the front. */
export function byRecentActivity(a: DbRecord, b: DbRecord): number {
  const at = a.updatedAt ?? a.createdAt ?? '';
  const bt = b.updatedAt ?? b.createdAt ?? '';
  return at < bt ? 1 : at > bt ? -1 : 0;
}

/** Pure Dexie work, so it can run inside a liveQuery (no foreign awaits). */
export async function queryRecords(db: MdDb, store: StoreName, limit?: number): Promise<DbRecord[]> {
  const all = await db[store].toArray();
  all.sort(byRecentActivity);
  return limit === undefined ? all : all.slice(0, limit);
}

export async function addRecord(store: StoreName, record: DbRecord): Promise<DbResult> {
  try {
    const db = await getDb();
    const { id: _ignored, ...rest } = record;
    const id = await db[store].add({ ...rest, createdAt: new Date().toISOString() });
    return { message: DB_MESSAGES.added, id };
  } catch (error) {
    throw new DbError(DB_MESSAGES.addFailed, error);
  }
}

export async function bulkAddRecords(store: StoreName, records: readonly DbRecord[]): Promise<{ message: string; count: number }> {
  try {
    const db = await getDb();
    const createdAt = new Date().toISOString();
    await db[store].bulkAdd(records.map(({ id: _ignored, ...rest }) => ({ ...rest, createdAt })));
    return { message: DB_MESSAGES.bulkAdded, count: records.length };
  } catch (error) {
    throw new DbError(DB_MESSAGES.bulkAddFailed, error);
  }
}

export async function getByRef(store: StoreName, refId: string): Promise<DbRecord> {
  let found: DbRecord | undefined;
  try {
    const db = await getDb();
    found = await db[store].where('refId').equals(refId).first();
  } catch (error) {
    throw new DbError(DB_MESSAGES.queryFailed, error);
  }
  if (!found) throw new DbError(DB_MESSAGES.notFound);
  return found;
}

export async function getRecord(store: StoreName, id: number): Promise<DbRecord> {
  let found: DbRecord | undefined;
  try {
    const db = await getDb();
    found = await db[store].get(id);
  } catch (error) {
    throw new DbError(DB_MESSAGES.fetchFailed, error);
  }
  if (!found) throw new DbError(DB_MESSAGES.notFound);
  return found;
}

export async function listRecords(store: StoreName, limit?: number): Promise<DbRecord[]> {
  try {
    return await queryRecords(await getDb(), store, limit);
  } catch (error) {
    throw new DbError(DB_MESSAGES.fetchFailed, error);
  }
}

export async function updateRecord(store: StoreName, id: number, changes: DbRecord): Promise<DbResult> {
  let count: number;
  try {
    const db = await getDb();
    const { id: _ignored, createdAt: _kept, ...rest } = changes;
    count = await db[store].update(id, { ...rest, updatedAt: new Date().toISOString() });
  } catch (error) {
    throw new DbError(DB_MESSAGES.updateFailed, error);
  }
  if (count === 0) throw new DbError(DB_MESSAGES.notFoundOrUnchanged);
  return { message: DB_MESSAGES.updated, id };
}

/**
 * Updates the record holding this refId, or adds one; keeps a single record per referenced item.
 * The look-up and the write share one read-write transaction, which IndexedDB runs one at a time
 * per store, so two upserts of one ref at once never both add (md_db has no unique index to lean on).
 */
export async function upsertByRef(store: StoreName, refId: string, record: DbRecord): Promise<DbResult> {
  try {
    const db = await getDb();
    const table = db[store];
    return await db.transaction('rw', table, async (): Promise<DbResult> => {
      const { id: _ignored, createdAt: _kept, ...rest } = record;
      const now = new Date().toISOString();
      const existing = await table.where('refId').equals(refId).first();
      if (existing?.id !== undefined) {
        await table.update(existing.id, { ...rest, refId, updatedAt: now });
        return { message: DB_MESSAGES.updated, id: existing.id };
      }
      const id = await table.add({ ...rest, refId, createdAt: now });
      return { message: DB_MESSAGES.added, id };
    });
  } catch (error) {
    throw new DbError(DB_MESSAGES.updateFailed, error);
  }
}

export async function deleteRecord(store: StoreName, id: number): Promise<DbResult> {
  let exists: boolean;
  try {
    const db = await getDb();
    exists = (await db[store].get(id)) !== undefined;
    if (exists) await db[store].delete(id);
  } catch (error) {
    throw new DbError(DB_MESSAGES.deleteFailed, error);
  }
  if (!exists) throw new DbError(DB_MESSAGES.notFound);
  return { message: DB_MESSAGES.deleted, id };
}

export async function clearStore(store: StoreName): Promise<{ message: string }> {
  try {
    const db = await getDb();
    await db[store].clear();
    return { message: DB_MESSAGES.deleted };
  } catch (error) {
    throw new DbError(DB_MESSAGES.deleteFailed, error);
  }
}
