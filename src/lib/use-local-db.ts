import { useEffect, useState } from 'react';
import { getLocalDb, type LocalDb } from './local-db.ts';

/** `md_local`, once open; null before, and while `enabled` is false (Dexie then stays unloaded). */
export function useLocalDb(enabled = true): LocalDb | null {
  const [db, setDb] = useState<LocalDb | null>(null);
  useEffect(() => {
    if (enabled) getLocalDb().then(setDb, () => undefined);
  }, [enabled]);
  return enabled ? db : null;
}
