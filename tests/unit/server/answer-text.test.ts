import { describe, expect, it } from 'vitest';
import { decryptData } from '../../../protocol/cipher.ts';
import type { AppContext } from '../../../server/context.ts';
import { knownText, sharedAnswer, textOnce, textWith, withText } from '../../../server/plugins/answer-text.ts';
import { sealData } from '../../../server/plugins/envelope-cipher.ts';
import { okEnvelope } from '../../../server/plugins/envelope.ts';

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const ctx = (encrypt: boolean) => ({ config: { encrypt, keys: { dataKeyHex: KEY } } }) as unknown as AppContext;

/** An object that counts how often JSON.stringify read it. */
function counted() {
  const reads = { n: 0 };
  const value = {
    id: 1001,
    get title() {
      reads.n += 1;
      return '晨光里的城市';
    },
    tags: ['城市', 'a"b'],
  };
  return { value, reads };
}

describe('answer texts', () => {
  it('makes the text of a cached value once', () => {
    const { value, reads } = counted();
    expect(JSON.parse(textOnce(value))).toEqual({ id: 1001, title: '晨光里的城市', tags: ['城市', 'a"b'] });
    expect(textOnce(value)).toBe(textOnce(value));
    expect(reads.n).toBe(1);
    // Another object of the same fields is another text.
    textOnce({ ...value });
    expect(reads.n).toBe(2);
  });

  it('adds the per-call fields to the text without reading the shared part again', () => {
    const { value, reads } = counted();
    const first = textWith(value, { playCount: 7, isCollect: true });
    expect(JSON.parse(first)).toEqual({ id: 1001, title: '晨光里的城市', tags: ['城市', 'a"b'], playCount: 7, isCollect: true });
    expect(JSON.parse(textWith(value, { playCount: 8, isCollect: false }))).toMatchObject({ playCount: 8, isCollect: false });
    expect(reads.n).toBe(1);
    expect(JSON.parse(textWith({}, { note: 'x"y', n: null }))).toEqual({ note: 'x"y', n: null });
    expect(JSON.parse(textWith({ a: 1 }, {}))).toEqual({ a: 1 });
  });

  it('okEnvelope seals the text a route gave, and the value when there is none', async () => {
    // The text wins over the value: proof that the value was not stringified again.
    const answer = withText({ a: 1 }, '{"a":2}');
    expect(knownText(answer)).toBe('{"a":2}');
    expect(await decryptData(KEY, okEnvelope(ctx(true), answer).data as string)).toEqual({ a: 2 });
    expect(await decryptData(KEY, okEnvelope(ctx(true), { a: 3 }).data as string)).toEqual({ a: 3 });
    expect(await decryptData(KEY, okEnvelope(ctx(true), undefined).data as string)).toBeNull();
    // Without encryption the value itself is the data.
    expect(okEnvelope(ctx(false), answer)).toMatchObject({ data: { a: 1 }, hash: false });
    const shared = sharedAnswer({ list: [1, 2] });
    expect(await decryptData(KEY, okEnvelope(ctx(true), shared).data as string)).toEqual({ list: [1, 2] });
  });

  it('gives every sealed answer its own IV, across refills of the IV pool', () => {
    const ivs = new Set(Array.from({ length: 1500 }, () => Buffer.from(sealData(KEY, 1), 'base64').subarray(0, 12).toString('hex')));
    expect(ivs.size).toBe(1500);
  });
});
