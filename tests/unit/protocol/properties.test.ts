import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, randomBytes, toBase64, toHex } from '../../../protocol/bytes.ts';
import { CipherError, decryptData, decryptPlaintext, encryptData, encryptPlaintext } from '../../../protocol/cipher.ts';
import { detectImageType, MASK_LENGTH, maskImage } from '../../../protocol/image-mask.ts';
import { DEFAULT_KEYS } from '../../../protocol/keys.ts';
import { canonicalString, sign, verify } from '../../../protocol/signing.ts';

const KEY = DEFAULT_KEYS.MD_DATA_KEY;

describe('protocol round trips', () => {
  it('base64 and hex round trip any bytes and base64 agrees with Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
        expect(fromHex(toHex(bytes))).toEqual(bytes);
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
  });

  it('draws random buffers larger than one getRandomValues call', () => {
    const bytes = randomBytes(200_000);
    expect(bytes).toHaveLength(200_000);
    // The tail is filled too: a quarter of it being zero would mean it was skipped.
    expect(bytes.subarray(150_000).filter((b) => b === 0).length).toBeLessThan(5_000);
  });

  it('rejects malformed base64', () => {
    for (const bad of ['abc', 'ab$=', '====', 'a===']) expect(() => fromBase64(bad)).toThrow();
  });

  it('WebCrypto and noble produce identical ciphertext and decrypt each other', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.uint8Array({ minLength: 12, maxLength: 12 }), async (text, iv) => {
        const a = await encryptPlaintext(KEY, text, iv, 'webcrypto');
        const b = await encryptPlaintext(KEY, text, iv, 'noble');
        expect(a).toBe(b);
        expect(await decryptPlaintext(KEY, a, 'noble')).toBe(text);
        expect(await decryptPlaintext(KEY, b, 'webcrypto')).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it('decrypts any JSON value it encrypted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const data = await encryptData(KEY, value);
        expect(await decryptData(KEY, data)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 60 },
    );
  });

  it('any single flipped bit fails authentication on both engines', async () => {
    const data = await encryptData(KEY, { list: [1, 2, 3], title: '晨光里的城市' });
    const raw = fromBase64(data);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: raw.length * 8 - 1 }), fc.constantFrom('webcrypto' as const, 'noble' as const), async (bit, engine) => {
        const tampered = raw.slice();
        tampered[bit >> 3] = tampered[bit >> 3]! ^ (1 << (bit & 7));
        await expect(decryptData(KEY, toBase64(tampered), engine)).rejects.toBeInstanceOf(CipherError);
      }),
      { numRuns: 80 },
    );
    await expect(decryptData(KEY, 'not base64!')).rejects.toBeInstanceOf(CipherError);
    await expect(decryptData(KEY, toBase64(new Uint8Array(20)))).rejects.toBeInstanceOf(CipherError);
  });

  it('masking is its own inverse and leaves bytes after the first 100 alone', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.string({ minLength: 1, maxLength: 40 }), (bytes, key) => {
        const masked = maskImage(bytes, key);
        expect(maskImage(masked, key)).toEqual(bytes);
        expect(masked.subarray(MASK_LENGTH)).toEqual(bytes.subarray(MASK_LENGTH));
      }),
    );
  });

  it('detects image types from magic bytes only', () => {
    const png = fromBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNg+P//PwAF/gL+p9al5gAAAABJRU5ErkJggg==');
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectImageType(new TextEncoder().encode('GIF89a......'))).toBe('image/gif');
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(new TextEncoder().encode('\0\0\0\x1cftypavif'))).toBe('image/avif');
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(maskImage(png, DEFAULT_KEYS.MD_IMAGE_KEY))).toBeNull();
  });

  it('a signature verifies only for the exact canonical fields', () => {
    const field = fc.string({ maxLength: 30 }).filter((s) => !s.includes('\n'));
    fc.assert(
      fc.property(
        fc.record({
          method: fc.constantFrom('GET', 'POST'),
          pathWithQuery: field,
          token: field,
          ua: field,
          timestamp: fc.nat().map(String),
          nonce: field,
          bodyHash: field,
        }),
        field,
        (input, other) => {
          const apiKey = sign('k', input);
          expect(verify('k', input, apiKey)).toBe(true);
          expect(verify('k2', input, apiKey)).toBe(false);
          if (other !== input.pathWithQuery) expect(verify('k', { ...input, pathWithQuery: other }, apiKey)).toBe(false);
          expect(canonicalString(input).split('\n')).toHaveLength(8);
        },
      ),
    );
  });
});
