import { proxy, subscribe } from 'valtio/vanilla';

type StorageKind = 'localStorage' | 'sessionStorage';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return ((globalThis as Record<string, unknown>)[kind] as Storage | undefined) ?? null;
  } catch {
    // Storage access throws in sandboxed iframes and some private modes; the state then lives in memory only.
    return null;
  }
}

/** Reads a stored object; a value written by an older or broken build must not crash the app. */
export function readStored<T extends object>(kind: StorageKind, key: string, initial: T): T {
  const raw = storageOf(kind)?.getItem(key);
  if (!raw) return { ...initial };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return { ...initial };
    return { ...initial, ...(parsed as Partial<T>) };
  } catch {
    return { ...initial };
  }
}

/** A valtio proxy mirrored to web storage on every change. */
export function persistedProxy<T extends object>(kind: StorageKind, key: string, initial: T): T {
  const state = proxy<T>(readStored(kind, key, initial));
  subscribe(state, () => {
    try {
      storageOf(kind)?.setItem(key, JSON.stringify(state));
    } catch {
      // Quota exceeded: the in-memory state stays correct for this session.
    }
  });
  return state;
}
