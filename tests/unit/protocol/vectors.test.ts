import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, toBase64 } from '../../../protocol/bytes.ts';
import { decryptPlaintext, encryptPlaintext } from '../../../protocol/cipher.ts';
import { maskImage } from '../../../protocol/image-mask.ts';
import { DEFAULT_KEYS } from '../../../protocol/keys.ts';
import { bodyHashOf, canonicalString, sign, verify } from '../../../protocol/signing.ts';

const vectorsPath = fileURLToPath(new URL('../../fixtures/protocol-vectors.json', import.meta.url));
const vectors = JSON.parse(readFileSync(vectorsPath, 'utf8'));

describe('protocol vectors', () => {
  it('uses the vector keys as development defaults', () => {
    expect(DEFAULT_KEYS.MD_SIGNING_KEY).toBe(vectors.keys.signingKey);
    expect(DEFAULT_KEYS.MD_DATA_KEY).toBe(vectors.keys.dataKeyHex);
    expect(DEFAULT_KEYS.MD_IMAGE_KEY).toBe(vectors.keys.imageKey);
    expect(DEFAULT_KEYS.MD_APP_SECRET).toBe(vectors.keys.appSecret);
  });

  for (const v of vectors.signing) {
    it(`signs: ${v.name}`, () => {
      const bodyHash = bodyHashOf(v.body, v.body === null);
      expect(bodyHash).toBe(v.bodyHash);
      const input = {
        method: v.method,
        pathWithQuery: v.pathWithQuery,
        token: v.token,
        ua: v.ua,
        timestamp: v.timestamp,
        nonce: v.nonce,
        bodyHash,
      };
      expect(canonicalString(input)).toBe(v.canonical);
      expect(sign(vectors.keys.signingKey, input)).toBe(v.apiKey);
      expect(verify(vectors.keys.signingKey, input, v.apiKey)).toBe(true);
      expect(verify(vectors.keys.signingKey, { ...input, nonce: '1' + v.nonce.slice(1) }, v.apiKey)).toBe(false);
    });
  }

  for (const engine of ['webcrypto', 'noble'] as const) {
    for (const v of vectors.encryption) {
      it(`encrypts with ${engine}: ${v.name}`, async () => {
        const data = await encryptPlaintext(vectors.keys.dataKeyHex, v.plaintext, fromHex(v.ivHex), engine);
        expect(data).toBe(v.data);
        expect(await decryptPlaintext(vectors.keys.dataKeyHex, v.data, engine)).toBe(v.plaintext);
      });
    }
  }

  for (const v of vectors.imageMask) {
    it(`masks: ${v.name}`, () => {
      const original = fromBase64(v.originalBase64);
      expect(toBase64(maskImage(original, vectors.keys.imageKey))).toBe(v.maskedBase64);
      expect(toBase64(maskImage(fromBase64(v.maskedBase64), vectors.keys.imageKey))).toBe(v.originalBase64);
    });
  }
});
