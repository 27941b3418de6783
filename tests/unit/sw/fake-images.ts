import { maskImage } from '../../../protocol/image-mask.ts';
import { keys } from './fake-server.ts';

/** A small but real-looking PNG: signature, then filler long enough to pass the 100-byte mask. */
export function pngBytes(length = 300, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < length; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

export function jpegBytes(length = 150): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < length; i++) bytes[i] = (i * 7) & 0xff;
  return bytes;
}

export function maskedResponse(original: Uint8Array): Response {
  return new Response(maskImage(original, keys.imageKey) as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': 'application/octet-stream' },
  });
}
