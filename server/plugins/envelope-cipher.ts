import { createCipheriv, createSecretKey, randomBytes, type CipherGCMTypes, type KeyObject } from 'node:crypto';
import { IV_LENGTH } from '../../protocol/cipher.ts';

const keys = new Map<string, KeyObject>();

/**
 * The envelope's `data` exactly as protocol/cipher.ts `encryptData` makes it (AES-GCM: IV,
 * ciphertext and tag in one base64 string), with Node's own cipher: synchronous, where WebCrypto
 * costs a promise and a job per answer on the hottest path of the server.
 */
export function sealData(keyHex: string, value: unknown, iv: Uint8Array = randomBytes(IV_LENGTH)): string {
  if (iv.length !== IV_LENGTH) throw new Error('IV must be 12 bytes');
  let key = keys.get(keyHex);
  if (!key) {
    key = createSecretKey(Buffer.from(keyHex, 'hex'));
    keys.set(keyHex, key);
  }
  const cipher = createCipheriv(`aes-${key.symmetricKeySize! * 8}-gcm` as CipherGCMTypes, key, iv);
  const sealed = [cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()];
  return Buffer.concat([iv, ...sealed, cipher.getAuthTag()]).toString('base64');
}
