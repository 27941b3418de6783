import { utf8 } from './bytes.ts';

export const MASK_LENGTH = 100;

const keyBytesCache = new Map<string, Uint8Array>();
function keyBytes(key: string): Uint8Array {
  let bytes = keyBytesCache.get(key);
  if (!bytes) {
    bytes = utf8(key);
    keyBytesCache.set(key, bytes);
  }
  return bytes;
}

/**
 * XORs the first 100 bytes with the image key, in place. Masking is its own inverse, so the
 * same call unmasks. Returns its argument for chaining.
 */
export function maskInPlace(bytes: Uint8Array, key: string): Uint8Array {
  const k = keyBytes(key);
  if (k.length === 0) throw new Error('image key is empty');
  const n = Math.min(MASK_LENGTH, bytes.length);
  for (let i = 0; i < n; i++) bytes[i] = bytes[i]! ^ k[i % k.length]!;
  return bytes;
}

/** Returns a masked copy; the input is untouched. */
export function maskImage(bytes: Uint8Array, key: string): Uint8Array {
  return maskInPlace(bytes.slice(), key);
}

export const unmaskImage = maskImage;
export const unmaskInPlace = maskInPlace;

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/avif';

/** Real image type from magic bytes, or null when the bytes are not an image we accept. */
export function detectImageType(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
  }
  return null;
}

function ascii(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(b[i]!);
  return s;
}
