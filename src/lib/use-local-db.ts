import { useEffect, useState } from 'react';
import { databaseMayExist } from './database-exists.ts';
import { getLocalDb, LOCAL_DB_NAME, whenLocalDbOpens, type LocalDb } from './local-db.ts';

/**
 * `md_local` for a screen that reads it: undefined while it opens (and while `enabled` is false:
 * Dexie then stays unloaded); null when the device has none, so nothing was ever downloaded or kept
 * here. A first visit then creates no database only to read that it is empty; the screen follows
 * the database once this tab writes to it (a download started here).
 */
export function useLocalDb(enabled = true): LocalDb | null | undefined {
  const [db, setDb] = useState<LocalDb | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const open = () => {
      getLocalDb().then(
        (opened) => live && setDb(opened),
        () => undefined,
      );
    };
    const stop = whenLocalDbOpens(open);
    void databaseMayExist(LOCAL_DB_NAME).then((exists) => {
      if (!live) return;
      if (exists) open();
      else setDb((current) => current ?? null);
    });
    return () => {
      live = false;
      stop();
    };
  }, [enabled]);
  return enabled ? db : undefined;
}
