import { describe, expect, it, vi } from 'vitest';
import { listen } from '../../../../src/lib/listen.ts';

describe('listen', () => {
  it('adds one listener per event and removes them all with the returned call', () => {
    const target = new EventTarget();
    const a = vi.fn();
    const b = vi.fn();
    const unlisten = listen(target, { a, b });
    target.dispatchEvent(new Event('a'));
    target.dispatchEvent(new Event('b'));
    target.dispatchEvent(new Event('b'));
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 2]);
    unlisten();
    target.dispatchEvent(new Event('a'));
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a missing target', () => {
    expect(() => listen(null, { a: () => undefined })()).not.toThrow();
  });
});
