import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES, TIPS } from '../../protocol/envelope.ts';
import { API_KEY_PATTERN, MAX_CLOCK_SKEW_MS, NONCE_PATTERN, TIMESTAMP_PATTERN, UNSIGNED_PAYLOAD, canonicalString } from '../../protocol/signing.ts';
import type { AppContext } from '../context.ts';
import { localOperatorOf } from '../operators/local-channel.ts';
import { ApiError } from './api-error.ts';

const badSignature = () => new ApiError(CODES.BAD_SIGNATURE, TIPS.BAD_SIGNATURE, 401);

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
}

function sameSecret(sent: string, expected: Buffer): boolean {
  const a = Buffer.from(sent);
  return a.length === expected.length && timingSafeEqual(a, expected);
}

export function bearerToken(request: FastifyRequest): string {
  const auth = header(request, 'authorization');
  if (!auth) return '';
  const m = /^Bearer ([\x21-\x7e]{1,256})$/i.exec(auth);
  return m ? m[1]! : '';
}

/**
 * PROTOCOL.md "Server checks", in order. Node's own HMAC and SHA-256 are used here because
 * this runs on every call and they are several times faster than the portable ones.
 */
export function registerSignatureCheck(api: FastifyInstance, ctx: AppContext): void {
  const secret = Buffer.from(ctx.config.keys.appSecret);
  const signingKey = ctx.config.keys.signingKey;
  const operatorKey = Buffer.from(ctx.operatorKey);

  api.addHook('preValidation', async (request) => {
    // The command-line tool on this machine (operators/local-channel.ts): its key replaces MD1.
    const local = localOperatorOf(request, operatorKey);
    if (local === 'refused') throw badSignature();
    if (local !== 'none') {
      request.localOperator = local.name;
      return;
    }
    const sentSecret = header(request, 'x-secret');
    const ua = header(request, 'x-ua');
    const timestamp = header(request, 'x-timestamp');
    const nonce = header(request, 'x-nonce');
    const apiKey = header(request, 'x-api-key');
    if (
      sentSecret === undefined ||
      !sameSecret(sentSecret, secret) ||
      ua === undefined ||
      timestamp === undefined ||
      !TIMESTAMP_PATTERN.test(timestamp) ||
      nonce === undefined ||
      !NONCE_PATTERN.test(nonce) ||
      apiKey === undefined ||
      !API_KEY_PATTERN.test(apiKey.toLowerCase())
    ) {
      throw badSignature();
    }
    if (Math.abs(Date.now() - Number(timestamp)) > MAX_CLOCK_SKEW_MS) {
      throw new ApiError(CODES.EXPIRED, TIPS.EXPIRED, 401);
    }
    const multipart = request.isMultipart();
    const bodyHash = multipart
      ? UNSIGNED_PAYLOAD
      : createHash('sha256')
          .update(request.rawBody ?? Buffer.alloc(0))
          .digest('hex');
    const token = bearerToken(request);
    const canonical = canonicalString({
      method: request.method,
      pathWithQuery: request.url,
      token,
      ua,
      timestamp,
      nonce,
      bodyHash,
    });
    const expected = createHmac('sha256', signingKey).update(canonical).digest();
    if (!timingSafeEqual(expected, Buffer.from(apiKey.toLowerCase(), 'hex'))) throw badSignature();
    // Claimed only once the signature matched, so a forged request never uses up a nonce.
    if (!(await ctx.stores.nonces.claim(nonce))) {
      throw new ApiError(CODES.REPLAYED, TIPS.REPLAYED, 401);
    }
    request.token = token;
  });
}
