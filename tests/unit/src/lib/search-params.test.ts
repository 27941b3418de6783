import { describe, expect, it } from 'vitest';
import { isValidId, numberSearch, optionalString } from '../../../../src/lib/search-params.ts';

describe('search params', () => {
  it('reads numbers from numbers and strings, and leaves anything else undefined', () => {
    const read = numberSearch('id', 'sort', 'tid');
    expect(read({ id: '12', sort: 2, tid: 'x' })).toEqual({ id: 12, sort: 2, tid: undefined });
    expect(read({ id: ' ', sort: Infinity })).toEqual({ id: undefined, sort: undefined, tid: undefined });
  });

  it.each([
    [1, true],
    [42, true],
    [0, false],
    [-3, false],
    [1.5, false],
    [undefined, false],
  ])('takes %s as an id: %s', (value, valid) => {
    expect(isValidId(value)).toBe(valid);
  });

  it('reads strings and numbers as text', () => {
    expect(optionalString('a')).toBe('a');
    expect(optionalString(3)).toBe('3');
    expect(optionalString({})).toBeUndefined();
  });
});
