import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { appStore } from '../stores/app-store.ts';
import type { OutboxRecord } from './local-db.ts';
import { useLocalDb } from './use-local-db.ts';

/**
 * The caller's outbox entries about `target`, live, oldest first. Guests' only where they may act
 * (`guests`, the feedback form): elsewhere a guest has none and Dexie stays closed.
 */
export function useOutbox(target: string, { guests = false }: { guests?: boolean } = {}): OutboxRecord[] {
  const user = useSnapshot(appStore).userInfo;
  const owner = user && (user.isUser || guests) ? user.id : 0;
  const db = useLocalDb(owner > 0);
  const records = useLiveQuery(
    async () => (db && owner ? (await db.outbox.where('target').equals(target).sortBy('seq')).filter((r) => r.owner === owner) : []),
    [db, owner, target],
  );
  return records ?? [];
}

/**
 * The kind of the latest action about `target` still waiting to be sent (`favourite`, `unfollow`, a
 * vote...), or null: a toggle shows the state it will have, even after a reload offline, when the
 * screen's data is the server's last answer.
 */
export function useLatestPending(target: string): OutboxRecord | null {
  const pending = useOutbox(target).filter((action) => action.state === 'pending');
  return pending[pending.length - 1] ?? null;
}
