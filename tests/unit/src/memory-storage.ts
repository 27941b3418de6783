import { afterEach, beforeEach, vi } from 'vitest';

/** A Web Storage stand-in for the node test environment. */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, string>();

  get length(): number {
    return this.data.size;
  }

  clear(): void {
    this.data.clear();
  }

  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.data.delete(key);
  }

  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }
}

/** Lets valtio deliver its batched change notifications. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * `name` as an empty MemoryStorage for each test of the suite, with the modules reset so the
 * stores load against it; the stub is removed after each test.
 */
export function freshStorage(name: 'localStorage' | 'sessionStorage'): MemoryStorage {
  const storage = new MemoryStorage();
  beforeEach(() => {
    vi.resetModules();
    storage.clear();
    vi.stubGlobal(name, storage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return storage;
}
