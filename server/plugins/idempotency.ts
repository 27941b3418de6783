import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REQUEST_ID_PATTERN } from '../../protocol/api.ts';
import { CODES, type Envelope } from '../../protocol/envelope.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { tokenHash } from './auth.ts';

export const REQUEST_ID_TTL_MS = 24 * 3_600_000;
/**
 * A claim unanswered and not renewed this long belongs to a request that died (its instance was
 * killed, or lost its database); a repeat may run it again. A request still running renews its
 * claim every RENEW_CLAIM_MS, so a repeat waits for a slow first request however long it takes, and
 * a client retrying after an instance died gets its call run within seconds.
 */
export const STALE_CLAIM_MS = 15_000;
const RENEW_CLAIM_MS = 5_000;
const WAIT_FOR_FIRST_MS = 5_000;
/**
 * Answers worth repeating: success and final refusals. Transient ones (rate limits, an expired
 * login, server faults) are forgotten, so a retry with the same requestId runs again.
 */
const FINAL_CODES = new Set<number>([CODES.OK, CODES.BAD_REQUEST, CODES.NOT_FOUND, CODES.FORBIDDEN, CODES.AUTH_FAILED, CODES.ALREADY_DONE]);
const REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);

const requestIdProperty = {
  type: 'string',
  pattern: REQUEST_ID_PATTERN,
  description: 'optional; a repeat of this call with the same requestId within 24 h answers the first answer and changes nothing',
};

interface Claim {
  owner: string;
  requestId: string;
  renewal: NodeJS.Timeout;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

function requestIdOf(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as { requestId?: unknown } | undefined)?.requestId;
  const fromQuery = (request.query as { requestId?: unknown } | undefined)?.requestId;
  const id = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : undefined;
  return id !== undefined && REQUEST_ID.test(id) ? id : undefined;
}

/** Whose requestIds these are: the user, else the bearer token, else everyone without one. */
function ownerOf(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  if (request.token) return `token:${tokenHash(request.token)}`;
  return 'anonymous';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DECISIONS "Idempotency": every route whose config says `changes: true` accepts an optional
 * `requestId` (in the signed JSON body; for multipart uploads in the signed query string). The
 * first request claims it in one statement; a repeat gets the first answer byte for byte.
 * Register before the routes: the onRoute hook adds `requestId` to their body schemas.
 */
export function registerIdempotency(api: FastifyInstance, ctx: AppContext): void {
  api.decorateRequest('idempotency', null);

  api.addHook('onRoute', (route) => {
    if (!route.config?.changes) return;
    const body = route.schema?.body as { type?: string; properties?: Record<string, unknown> } | undefined;
    if (body?.type === 'object') {
      route.schema = { ...route.schema, body: { ...body, properties: { ...body.properties, requestId: requestIdProperty } } };
    }
  });

  const hold = (owner: string, requestId: string): Claim => {
    const renewal = setInterval(() => void ctx.idempotency.renew(owner, requestId).catch(() => undefined), RENEW_CLAIM_MS);
    renewal.unref();
    return { owner, requestId, renewal };
  };
  const letGo = (request: FastifyRequest): Claim | null => {
    const claim = request.idempotency;
    if (claim) clearInterval(claim.renewal);
    request.idempotency = null;
    return claim;
  };

  api.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.changes) return;
    const requestId = requestIdOf(request);
    if (!requestId) return;
    const owner = ownerOf(request);
    const route = request.routeOptions.url ?? request.url;
    const bodyHash = createHash('sha256')
      .update(request.rawBody ?? Buffer.alloc(0))
      .digest('hex');
    if (await ctx.idempotency.claim(owner, requestId, route, bodyHash)) {
      request.idempotency = hold(owner, requestId);
      return;
    }
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const stored = await ctx.idempotency.find(owner, requestId);
      if (!stored) {
        // The first request gave its claim back (a transient refusal): this one runs instead.
        if (await ctx.idempotency.claim(owner, requestId, route, bodyHash)) {
          request.idempotency = hold(owner, requestId);
          return;
        }
        continue;
      }
      if (stored.route !== route || stored.bodyHash !== bodyHash) {
        throw new ApiError(CODES.BAD_REQUEST, '参数错误: requestId 已用于另一个请求');
      }
      if (stored.response !== null) {
        return reply
          .code(stored.status ?? 200)
          .header('content-type', 'application/json; charset=utf-8')
          .header('x-idempotent-replay', '1')
          .send(stored.response);
      }
      if (Date.now() > deadline) {
        if (await ctx.idempotency.takeOver(owner, requestId, STALE_CLAIM_MS)) {
          request.idempotency = hold(owner, requestId);
          return;
        }
        throw new ApiError(CODES.TOO_MANY, '请求正在处理中，请稍后重试');
      }
      await sleep(50);
    }
  });

  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.idempotency || typeof payload !== 'string') return payload;
    const claim = letGo(request)!;
    let code: number | undefined;
    try {
      code = (JSON.parse(payload) as Envelope).code;
    } catch {
      code = undefined;
    }
    if (code !== undefined && FINAL_CODES.has(code)) await ctx.idempotency.answer(claim.owner, claim.requestId, reply.statusCode, payload);
    else await ctx.idempotency.release(claim.owner, claim.requestId);
    return payload;
  });
  // A request that ended without a string answer, or whose client went away, stops renewing.
  api.addHook('onResponse', async (request) => void letGo(request));
  api.addHook('onRequestAbort', async (request) => void letGo(request));
}
