import { describe, expect, it } from 'vitest';
import { ByteLru } from '../../../../workers/lib/byte-lru.ts';

describe('ByteLru', () => {
  const lru = () => new ByteLru<string>(10, (value) => value.length);

  it('evicts least recently used entries once the byte bound is passed', () => {
    const cache = lru();
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.bytes).toBe(8);
  });

  it('replaces an entry without counting it twice, and refuses values over the whole budget', () => {
    const cache = lru();
    cache.set('a', 'aaaaaa');
    cache.set('a', 'aa');
    expect(cache.bytes).toBe(2);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aa');
    expect(cache.size).toBe(1);
  });
});
