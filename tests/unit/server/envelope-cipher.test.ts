import { describe, expect, it } from 'vitest';
import { decryptData, encryptData } from '../../../protocol/cipher.ts';
import { sealData } from '../../../server/plugins/envelope-cipher.ts';

const KEY_256 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const KEY_128 = '00112233445566778899aabbccddeeff';
const IV = Uint8Array.from({ length: 12 }, (_, i) => 200 - i);
const VALUE = { list: [{ id: 1001, name: '晨光里的城市天际线', tags: ['城市', 'time-lapse'] }], total: 1, nothing: null };

describe("the server's envelope cipher", () => {
  it('makes the same bytes as the protocol for the same key and IV, with 256- and 128-bit keys', async () => {
    for (const key of [KEY_256, KEY_128]) {
      for (const engine of ['webcrypto', 'noble'] as const) expect(sealData(key, VALUE, IV)).toBe(await encryptData(key, VALUE, IV, engine));
    }
    expect(sealData(KEY_256, undefined, IV)).toBe(await encryptData(KEY_256, null, IV));
  });

  it('opens with the protocol on both engines, with a fresh IV each time', async () => {
    const first = sealData(KEY_256, VALUE);
    expect(first).not.toBe(sealData(KEY_256, VALUE));
    for (const engine of ['webcrypto', 'noble'] as const) expect(await decryptData(KEY_256, first, engine)).toEqual(VALUE);
  });

  it('refuses an IV of another length', () => {
    expect(() => sealData(KEY_256, VALUE, new Uint8Array(8))).toThrow(/12 bytes/);
  });
});
