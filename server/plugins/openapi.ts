import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX, OPERATOR_KEY_HEADER } from '../../protocol/admin-api.ts';
import { CLIENT_VERSION } from '../../protocol/ua.ts';

/** The MD1 headers (PROTOCOL.md), each a header API key; together they sign a call. */
const MD1_HEADERS = {
  md1Secret: ['x-secret', 'MD_APP_SECRET, sent verbatim'],
  md1Ua: ['x-ua', 'user-agent descriptor (deviceType, sysType, version, browser), form-encoded'],
  md1Timestamp: ['x-timestamp', 'client time in ms since the epoch, corrected by the server offset'],
  md1Nonce: ['x-nonce', '32 lowercase hex characters, new for every request'],
  md1Signature: ['x-api-key', 'lowercase hex HMAC-SHA256 of the canonical string under MD_SIGNING_KEY'],
} as const;

const signed = Object.fromEntries(Object.keys(MD1_HEADERS).map((name) => [name, [] as string[]]));

const envelope = {
  type: 'object',
  required: ['code', 'tip', 'data', 'hash'],
  properties: { code: { type: 'integer' }, tip: { type: 'string' }, data: {}, hash: { type: 'boolean' } },
};

/** `/api/app/login/account/create` → `loginAccountCreate`: a method name for generated clients. */
export function operationIdOf(url: string): string {
  const words = url
    .replace(/^\/api\/app\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/**
 * /openapi.json: the signing headers as security schemes (not as parameters of every operation),
 * an operationId per operation, the 401 answers of the signature checks, and a server entry.
 * Routes keep their `headers` schema for validation; only the document leaves it out.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string | null): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'MD video API',
        version: CLIENT_VERSION,
        description:
          'Every /api/ call is signed (PROTOCOL.md, MD1) and answers the envelope {code, tip, data, hash}. Bad input answers HTTP 200 with code 1005; signature failures answer HTTP 401.',
      },
      servers: [{ url: publicUrl ?? '/', description: 'this deployment' }],
      components: {
        securitySchemes: {
          ...Object.fromEntries(
            Object.entries(MD1_HEADERS).map(([name, [header, description]]) => [name, { type: 'apiKey', in: 'header', name: header, description }]),
          ),
          bearer: { type: 'http', scheme: 'bearer', description: 'the token of a guest or member session' },
          operatorKey: {
            type: 'apiKey',
            in: 'header',
            name: OPERATOR_KEY_HEADER,
            description: 'admin calls of the command-line tool on the server itself: the key of DATA_DIR/operator.json, instead of the MD1 headers',
          },
        },
      },
    },
    transform: ({ schema, url }) => {
      if (!url.startsWith('/api/')) return { schema, url };
      const { headers: _signedHeaders, ...rest } = (schema ?? {}) as Record<string, unknown>;
      const responses = (rest.response ?? {}) as Record<string, unknown>;
      return {
        url,
        schema: {
          ...rest,
          operationId: operationIdOf(url),
          security: url.startsWith(ADMIN_PREFIX) ? [{ ...signed, bearer: [] }, { operatorKey: [] }] : [{ ...signed, bearer: [] }, signed],
          response: {
            ...responses,
            401: { description: 'The signature checks failed: 1002 bad signature, 1003 expired timestamp, 1004 replayed nonce', ...envelope },
          },
        },
      } as never;
    },
  });
}

/**
 * GET /openapi.json, made once and compressed once (brotli and gzip, about 90 KB of JSON to 8): the
 * answer is the encoding the client prefers, with Vary: Accept-Encoding.
 */
export function serveOpenApiDocument(app: FastifyInstance): void {
  const negotiator = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });
  let bodies: Record<'br' | 'gzip' | 'identity', Buffer> | null = null;
  const documentBodies = () => {
    if (bodies) return bodies;
    const json = Buffer.from(JSON.stringify(app.swagger()));
    bodies = {
      identity: json,
      br: brotliCompressSync(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
      }),
      gzip: gzipSync(json, { level: 9 }),
    };
    return bodies;
  };
  app.get('/openapi.json', { schema: { hide: true } }, async (request, reply) => {
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(documentBodies()[encoding]);
  });
}
