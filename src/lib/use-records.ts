import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDb, queryRecords, type DbRecord, type MdDb, type StoreName } from './db.ts';

/**
 * The newest records of one local store, live: a screen redraws when the store changes. Undefined
 * while the database opens; `failed` when it cannot (private mode without IndexedDB).
 */
export function useLocalRecords(store: StoreName, limit: number): { records: DbRecord[] | undefined; failed: boolean } {
  const [db, setDb] = useState<MdDb | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getDb().then(setDb, () => setFailed(true));
  }, []);
  const records = useLiveQuery(() => (db ? queryRecords(db, store, limit) : undefined), [db, store, limit]);
  return { records, failed };
}

/** How many records one local store holds, live; undefined while the database opens or when it cannot. */
export function useLocalCount(store: StoreName): number | undefined {
  const [db, setDb] = useState<MdDb | null>(null);
  useEffect(() => {
    getDb().then(setDb, () => undefined);
  }, []);
  return useLiveQuery<number | undefined>(() => (db ? db[store].count() : undefined), [db, store]);
}
