import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { getLocalDb, whenLocalDbOpens } from '../../../../src/lib/local-db.ts';

describe('whenLocalDbOpens', () => {
  it('tells each waiting reader once, when this tab first opens md_local, and an unsubscribed one never', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const gone = vi.fn();
    whenLocalDbOpens(first);
    whenLocalDbOpens(second);
    whenLocalDbOpens(gone)();
    expect(first).not.toHaveBeenCalled();
    await getLocalDb();
    await getLocalDb();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
  });

  it('answers at once when md_local is open already', async () => {
    await getLocalDb();
    const late = vi.fn();
    whenLocalDbOpens(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
