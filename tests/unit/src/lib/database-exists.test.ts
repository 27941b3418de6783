import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseMayExist } from '../../../../src/lib/database-exists.ts';
import { DB_NAME } from '../../../../src/lib/db.ts';
import { readWatchRecord, saveWatchRecord } from '../../../../src/lib/watch-records.ts';

const names = async () => (await indexedDB.databases()).map((database) => database.name);
const video = { id: 41, title: '雪山日出', cover: 'covers/41.png', coverWidth: 640, coverHeight: 360, duration: 60 };

afterEach(() => vi.unstubAllGlobals());

describe('databaseMayExist', () => {
  it('is false for a database this origin never opened, true once one was', async () => {
    expect(await databaseMayExist('md_test_absent')).toBe(false);
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('md_test_present');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(await databaseMayExist('md_test_present')).toBe(true);
    expect(await databaseMayExist('md_test_absent')).toBe(false);
  });

  it('says it may exist where the browser cannot list databases, or the list fails', async () => {
    vi.stubGlobal('indexedDB', { open: indexedDB.open.bind(indexedDB) });
    expect(await databaseMayExist('md_test_absent')).toBe(true);
    vi.stubGlobal('indexedDB', { databases: () => Promise.reject(new Error('not allowed')) });
    expect(await databaseMayExist('md_test_absent')).toBe(true);
  });
});

describe('the resume position on a device without md_db', () => {
  it('is read as none without creating the database; the first save creates it and is read back', async () => {
    expect(await names()).not.toContain(DB_NAME);
    expect(await readWatchRecord(video.id)).toBeNull();
    expect(await names()).not.toContain(DB_NAME);
    await saveWatchRecord(video, 25, 60);
    expect(await names()).toContain(DB_NAME);
    expect(await readWatchRecord(video.id)).toMatchObject({ refId: '41', position: 25 });
  });
});
