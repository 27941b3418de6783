import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, TIPS, fail, type Envelope } from '../../protocol/envelope.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from './api-error.ts';
import { knownText } from './answer-text.ts';
import { sealJson } from './envelope-cipher.ts';

/** The success envelope; `data` sealed with MD_DATA_KEY when encryption is on. */
export function okEnvelope<T>(ctx: AppContext, data: T): Envelope<Exclude<T, undefined>> {
  if (!ctx.config.encrypt) return { code: CODES.OK, tip: TIPS.OK, data: (data ?? null) as Exclude<T, undefined> | null, hash: false };
  const json = knownText(data) ?? JSON.stringify(data ?? null);
  return { code: CODES.OK, tip: TIPS.OK, data: sealJson(ctx.config.keys.dataKeyHex, json), hash: true };
}

function fieldOf(error: FastifyError): string {
  const v = error.validation?.[0];
  if (!v) return 'body';
  const missing = (v.params as { missingProperty?: string }).missingProperty;
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [path, missing].filter(Boolean).join('.') || 'body';
}

const MULTIPART_SYNTAX = /unexpected end of|malformed|boundary|part terminated|multipart/i;

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
  // Input the checks above let through but the database refuses as data (class 22: bad text
  // encoding, out-of-range numbers) is still the caller's bad input.
  if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
    request.log.warn({ err: error }, 'input refused by the database');
    return reply.code(200).send(fail(CODES.BAD_REQUEST, '参数错误: 含有无法保存的内容'));
  }
  // Broken multipart (cut off, bad boundary, bad part headers) surfaces from the parser as a
  // plain error: a malformed upload, not a server fault.
  if (request.isMultipart() && MULTIPART_SYNTAX.test(error.message)) {
    return reply.code(200).send(fail(CODES.BAD_REQUEST, '参数错误: 上传内容格式不正确'));
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

// PostgreSQL text cannot hold NUL, and a lone surrogate is not a character: neither is text.
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) in `value` that is not storable text, or null. */
export function badTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return NOT_TEXT.test(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (NOT_TEXT.test(key)) return at;
    const found = badTextAt(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Runs after the signature check, so only signed callers learn that their body was bad. */
export function registerBodyVerdict(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    if (request.body === MALFORMED) throw new ApiError(CODES.BAD_REQUEST, '参数错误: 请求体不是合法的 JSON');
    if (request.body === UNSUPPORTED) throw new ApiError(CODES.BAD_REQUEST, '参数错误: 请使用 application/json');
    const bad = badTextAt(request.body) ?? badTextAt(request.query);
    if (bad) throw new ApiError(CODES.BAD_REQUEST, `参数错误: ${bad} 含有无效字符`);
  });
}
