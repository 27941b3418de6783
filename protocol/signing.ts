import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes, toHex, utf8 } from './bytes.ts';

// Signing uses @noble/hashes everywhere: it is synchronous, needs no secure context and
// costs microseconds for the small inputs signed here, so every runtime makes the same bytes.

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const MAX_CLOCK_SKEW_MS = 300_000;
export const NONCE_TTL_MS = 600_000;

export interface SignInput {
  method: string;
  pathWithQuery: string;
  token: string;
  ua: string;
  timestamp: string;
  nonce: string;
  bodyHash: string;
}

export function sha256Hex(body: string | Uint8Array): string {
  return toHex(sha256(typeof body === 'string' ? utf8(body) : body));
}

/** BODY_HASH for a request: the SHA-256 of the body, or UNSIGNED-PAYLOAD for multipart uploads. */
export function bodyHashOf(body: string | Uint8Array | null | undefined, multipart = false): string {
  if (multipart) return UNSIGNED_PAYLOAD;
  return sha256Hex(body ?? '');
}

export function canonicalString(input: SignInput): string {
  return ['MD1', input.method.toUpperCase(), input.pathWithQuery, input.token, input.ua, input.timestamp, input.nonce, input.bodyHash].join('\n');
}

export function signCanonical(signingKey: string, canonical: string): string {
  return toHex(hmac(sha256, utf8(signingKey), utf8(canonical)));
}

export function sign(signingKey: string, input: SignInput): string {
  return signCanonical(signingKey, canonicalString(input));
}

/** Constant-time comparison of two hex strings of equal length. */
export function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function verify(signingKey: string, input: SignInput, apiKey: string): boolean {
  return timingSafeEqualHex(sign(signingKey, input), apiKey.toLowerCase());
}

export function newNonce(): string {
  return toHex(randomBytes(16));
}

export const NONCE_PATTERN = /^[0-9a-f]{32}$/;
export const API_KEY_PATTERN = /^[0-9a-f]{64}$/;
export const TIMESTAMP_PATTERN = /^[0-9]{1,16}$/;
export const BODY_HASH_PATTERN = /^([0-9a-f]{64}|UNSIGNED-PAYLOAD)$/;

export interface SignedHeadersInput {
  appSecret: string;
  signingKey: string;
  method: string;
  pathWithQuery: string;
  token?: string | null;
  ua: string;
  now: number;
  body?: string | Uint8Array | null;
  multipart?: boolean;
  nonce?: string;
}

/** Every header PROTOCOL.md asks for on an /api/ call. */
export function signedHeaders(input: SignedHeadersInput): Record<string, string> {
  const token = input.token ?? '';
  const timestamp = String(Math.round(input.now));
  const nonce = input.nonce ?? newNonce();
  const apiKey = sign(input.signingKey, {
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    token,
    ua: input.ua,
    timestamp,
    nonce,
    bodyHash: bodyHashOf(input.body, input.multipart),
  });
  const headers: Record<string, string> = {
    'x-secret': input.appSecret,
    'x-ua': input.ua,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-api-key': apiKey,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
