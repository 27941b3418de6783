import { gcm } from '@noble/ciphers/aes.js';
import { fromBase64, fromHex, fromUtf8, randomBytes, toBase64, utf8 } from './bytes.ts';

// AES-256-GCM of the envelope's `data`. WebCrypto is the fast path; @noble/ciphers is the
// fallback for engines or insecure origins without crypto.subtle. Both make the same bytes.

export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;

export class CipherError extends Error {
  constructor(message = 'ciphertext failed authentication') {
    super(message);
    this.name = 'CipherError';
  }
}

type Engine = 'webcrypto' | 'noble';

// The WebCrypto types as this runtime declares them (DOM, WebWorker or Node), so protocol/ names
// no runtime's library.
type Subtle = typeof globalThis.crypto.subtle;
type AesKey = Awaited<ReturnType<Subtle['importKey']>>;
type Bytes = Parameters<Subtle['encrypt']>[2];

function subtle(): Subtle | undefined {
  return (globalThis.crypto as typeof globalThis.crypto | undefined)?.subtle;
}

const keyCache = new Map<string, Promise<AesKey>>();

function importKey(keyHex: string): Promise<AesKey> {
  let key = keyCache.get(keyHex);
  if (!key) {
    key = subtle()!.importKey('raw', fromHex(keyHex) as Bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keyCache.set(keyHex, key);
  }
  return key;
}

export function defaultEngine(): Engine {
  return subtle() ? 'webcrypto' : 'noble';
}

export async function encryptBytes(
  keyHex: string,
  plaintext: Uint8Array,
  iv: Uint8Array = randomBytes(IV_LENGTH),
  engine: Engine = defaultEngine(),
): Promise<Uint8Array> {
  if (iv.length !== IV_LENGTH) throw new Error('IV must be 12 bytes');
  let sealed: Uint8Array;
  if (engine === 'webcrypto') {
    const key = await importKey(keyHex);
    sealed = new Uint8Array(await subtle()!.encrypt({ name: 'AES-GCM', iv: iv as Bytes }, key, plaintext as Bytes));
  } else {
    sealed = gcm(fromHex(keyHex), iv).encrypt(plaintext);
  }
  const out = new Uint8Array(IV_LENGTH + sealed.length);
  out.set(iv, 0);
  out.set(sealed, IV_LENGTH);
  return out;
}

export async function decryptBytes(keyHex: string, payload: Uint8Array, engine: Engine = defaultEngine()): Promise<Uint8Array> {
  if (payload.length < IV_LENGTH + TAG_LENGTH) throw new CipherError('ciphertext too short');
  const iv = payload.subarray(0, IV_LENGTH);
  const sealed = payload.subarray(IV_LENGTH);
  try {
    if (engine === 'webcrypto') {
      const key = await importKey(keyHex);
      return new Uint8Array(await subtle()!.decrypt({ name: 'AES-GCM', iv: iv as Bytes }, key, sealed as Bytes));
    }
    return gcm(fromHex(keyHex), iv).decrypt(sealed);
  } catch {
    throw new CipherError();
  }
}

/** Encrypts a value to the envelope's base64 `data` string. */
export async function encryptData(keyHex: string, value: unknown, iv?: Uint8Array, engine?: Engine): Promise<string> {
  return encryptPlaintext(keyHex, JSON.stringify(value ?? null), iv, engine);
}

export async function encryptPlaintext(keyHex: string, plaintext: string, iv?: Uint8Array, engine?: Engine): Promise<string> {
  return toBase64(await encryptBytes(keyHex, utf8(plaintext), iv, engine));
}

export async function decryptPlaintext(keyHex: string, data: string, engine?: Engine): Promise<string> {
  let payload: Uint8Array;
  try {
    payload = fromBase64(data);
  } catch {
    throw new CipherError('data is not base64');
  }
  return fromUtf8(await decryptBytes(keyHex, payload, engine));
}

/** Decrypts the envelope's `data` string back to its value. Throws CipherError when tampered. */
export async function decryptData<T = unknown>(keyHex: string, data: string, engine?: Engine): Promise<T> {
  const text = await decryptPlaintext(keyHex, data, engine);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CipherError('plaintext is not JSON');
  }
}
