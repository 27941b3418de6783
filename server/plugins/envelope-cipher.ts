import { createCipheriv, createSecretKey, randomFillSync, type CipherGCMTypes, type KeyObject } from 'node:crypto';
import { IV_LENGTH } from '../../protocol/cipher.ts';

const keys = new Map<string, KeyObject>();

/** IVs are cut from one random block, refilled when used up: one call to the system per 512 answers. */
const IV_POOL = Buffer.alloc(IV_LENGTH * 512);
let ivAt = IV_POOL.length;

function freshIv(): Buffer {
  if (ivAt === IV_POOL.length) {
    randomFillSync(IV_POOL);
    ivAt = 0;
  }
  // A copy: the pool's bytes are overwritten at the next refill.
  const iv = Buffer.from(IV_POOL.subarray(ivAt, ivAt + IV_LENGTH));
  ivAt += IV_LENGTH;
  return iv;
}

/**
 * The envelope's `data` exactly as protocol/cipher.ts `encryptData` makes it (AES-GCM: IV,
 * ciphertext and tag in one base64 string), with Node's own cipher: synchronous, where WebCrypto
 * costs a promise and a job per answer on the hottest path of the server.
 */
export function sealData(keyHex: string, value: unknown, iv?: Uint8Array): string {
  return sealJson(keyHex, JSON.stringify(value ?? null), iv);
}

/** sealData for a value whose JSON text is already made (plugins/answer-text.ts). */
export function sealJson(keyHex: string, json: string, iv: Uint8Array = freshIv()): string {
  if (iv.length !== IV_LENGTH) throw new Error('IV must be 12 bytes');
  let key = keys.get(keyHex);
  if (!key) {
    key = createSecretKey(Buffer.from(keyHex, 'hex'));
    keys.set(keyHex, key);
  }
  const cipher = createCipheriv(`aes-${key.symmetricKeySize! * 8}-gcm` as CipherGCMTypes, key, iv);
  const sealed = [cipher.update(json, 'utf8'), cipher.final()];
  return Buffer.concat([iv, ...sealed, cipher.getAuthTag()]).toString('base64');
}
