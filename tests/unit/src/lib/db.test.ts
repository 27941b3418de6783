import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  addRecord,
  bulkAddRecords,
  clearStore,
  DB_MESSAGES,
  deleteRecord,
  getByRef,
  getDb,
  getRecord,
  listRecords,
  updateRecord,
  upsertByRef,
} from '../../../../src/lib/db.ts';

describe('md_db', () => {
  it('opens version 1 with the four stores and their indexes', async () => {
    const db = await getDb();
    await db.open();
    expect(db.name).toBe('md_db');
    expect(db.verno).toBe(1);
    expect(db.tables.map((t) => t.name).sort()).toEqual(['actress', 'other', 'reviews', 'videos']);
    const schema = db.table('videos').schema;
    expect(schema.primKey.auto).toBe(true);
    expect(schema.indexes.map((i) => i.name).sort()).toEqual(['createdAt', 'name', 'refId']);
  });

  it('adds with an ISO createdAt and reads back', async () => {
    const result = await addRecord('actress', { name: 'a', refId: 'r1' });
    expect(result.message).toBe(DB_MESSAGES.added);
    const record = await getRecord('actress', result.id);
    expect(record.name).toBe('a');
    expect(new Date(record.createdAt ?? '').toISOString()).toBe(record.createdAt);
  });

  it('upserts one record per refId and lists recent activity first', async () => {
    await clearStore('videos');
    await upsertByRef('videos', '1', { name: 'first', position: 1 });
    await new Promise((r) => setTimeout(r, 5));
    await upsertByRef('videos', '2', { name: 'second', position: 1 });
    await new Promise((r) => setTimeout(r, 5));
    const updated = await upsertByRef('videos', '1', { name: 'first', position: 30 });
    expect(updated.message).toBe(DB_MESSAGES.updated);
    const list = await listRecords('videos');
    expect(list.map((r) => r.refId)).toEqual(['1', '2']);
    expect((await getByRef('videos', '1')).position).toBe(30);
    expect(await listRecords('videos', 1)).toHaveLength(1);
  });

  it('keeps one record per ref when upserts of it race', async () => {
    await clearStore('reviews');
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => upsertByRef('reviews', 'same', { name: `visit ${i}`, position: i })));
    const records = (await listRecords('reviews')).filter((r) => r.refId === 'same');
    expect(records).toHaveLength(1);
    expect(results.filter((r) => r.message === DB_MESSAGES.added)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([records[0]!.id]));
  });

  it('bulk-adds', async () => {
    await clearStore('other');
    const result = await bulkAddRecords('other', [{ name: 'x' }, { name: 'y' }]);
    expect(result).toEqual({ message: DB_MESSAGES.bulkAdded, count: 2 });
    expect(await listRecords('other')).toHaveLength(2);
  });

  it('rejects with the SPEC §8 messages', async () => {
    await expect(getByRef('reviews', 'missing')).rejects.toThrow(DB_MESSAGES.notFound);
    await expect(getRecord('reviews', 999_999)).rejects.toThrow(DB_MESSAGES.notFound);
    await expect(updateRecord('reviews', 999_999, { name: 'z' })).rejects.toThrow(DB_MESSAGES.notFoundOrUnchanged);
    await expect(deleteRecord('reviews', 999_999)).rejects.toThrow(DB_MESSAGES.notFound);
    const bad = { name: 'x', fn: () => 1 } as unknown as Record<string, unknown>;
    await expect(addRecord('reviews', bad)).rejects.toThrow(new RegExp(`^${DB_MESSAGES.addFailed}: `));
  });

  it('deletes and clears', async () => {
    const { id } = await addRecord('reviews', { name: 'gone' });
    expect(await deleteRecord('reviews', id)).toEqual({ message: DB_MESSAGES.deleted, id });
    await addRecord('reviews', { name: 'also gone' });
    await clearStore('reviews');
    expect(await listRecords('reviews')).toEqual([]);
  });
});
