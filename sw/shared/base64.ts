import { fromBase64 } from '../../protocol/bytes.ts';

type NativeFromBase64 = (text: string) => Uint8Array;

// `hash` payloads are the hot path of every API call. Recent engines decode base64 natively;
// elsewhere atob plus a byte loop is still about twice as fast as the portable decoder in
// protocol/bytes.ts. Laxer padding rules than the portable decoder do not matter here: AES-GCM
// authentication rejects any bytes the server did not seal.
const native = (Uint8Array as unknown as { fromBase64?: NativeFromBase64 }).fromBase64;

/** Decodes standard base64; throws on characters outside the alphabet. */
export function decodeBase64(text: string): Uint8Array {
  if (native) return native(text);
  if (typeof atob !== 'function') return fromBase64(text);
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
