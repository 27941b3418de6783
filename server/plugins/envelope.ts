import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encryptData } from '../../protocol/cipher.ts';
import { CODES, TIPS, fail, type Envelope } from '../../protocol/envelope.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from './api-error.ts';

/** The success envelope; `data` sealed with MD_DATA_KEY when encryption is on. */
export async function okEnvelope(ctx: AppContext, data: unknown): Promise<Envelope> {
  if (!ctx.config.encrypt) return { code: CODES.OK, tip: TIPS.OK, data: data ?? null, hash: false };
  return { code: CODES.OK, tip: TIPS.OK, data: await encryptData(ctx.config.keys.dataKeyHex, data ?? null), hash: true };
}

function fieldOf(error: FastifyError): string {
  const v = error.validation?.[0];
  if (!v) return 'body';
  const missing = (v.params as { missingProperty?: string }).missingProperty;
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [path, missing].filter(Boolean).join('.') || 'body';
}

/** Maps every failure under /api/ to an envelope: bad input is 1005 with HTTP 200, never a 500. */
export function envelopeError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return reply.code(error.status).send(fail(error.code, error.tip));
  if (error.validation) {
    return reply.code(200).send(fail(CODES.BAD_REQUEST, `参数错误: ${fieldOf(error)}`));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply.code(200).send(fail(CODES.BAD_REQUEST, '请求体过大'));
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return reply.code(200).send(fail(CODES.BAD_REQUEST, '文件数量超出限制'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.code(200).send(fail(CODES.BAD_REQUEST, '不支持的请求类型'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(200).send(fail(CODES.BAD_REQUEST, `参数错误: ${error.message}`));
  }
  request.log.error({ err: error }, 'unhandled API error');
  return reply.code(500).send(fail(CODES.SERVER_ERROR, '服务器异常'));
}

/**
 * Keeps the exact bytes of every body (BODY_HASH is over them) and parses JSON without failing:
 * a malformed body must still lose to a bad signature, so the verdict waits for preValidation.
 */
export const MALFORMED = Symbol('malformed body');
export const UNSUPPORTED = Symbol('unsupported content type');

export function registerBodyParsers(api: FastifyInstance, jsonLimit: number): void {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: jsonLimit }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    if (raw.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(null, MALFORMED);
    }
  });
  api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: jsonLimit }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, UNSUPPORTED);
  });
}

/** Runs after the signature check, so only signed callers learn that their body was bad. */
export function registerBodyVerdict(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    if (request.body === MALFORMED) throw new ApiError(CODES.BAD_REQUEST, '参数错误: 请求体不是合法的 JSON');
    if (request.body === UNSUPPORTED) throw new ApiError(CODES.BAD_REQUEST, '参数错误: 请使用 application/json');
  });
}
