// Schema fuzz of every /api/ route found in the app's own OpenAPI document: correctly signed calls
// whose bodies are hostile variations of the schema. No answer may be HTTP 5xx or code 1500, and
// every answer is an envelope. The seed is fixed, so a failure names the body that reproduces it.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../protocol/admin-api.ts';
import { MEMBER_API } from '../../protocol/member-api.ts';
import { API, UPLOAD_PURPOSES, type LoginResult } from '../../protocol/api.ts';
import { BACKENDS, call, devId, multipartBody, type CallResult, startServer, type TestServer } from '../server/helpers.ts';

const SEED = 20261124;
/** Requests per route: the full fuzz on the embedded default, a sample on PostgreSQL. */
const runsFor = (backend: string) => (backend === 'PGlite' ? 1000 : 100);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

interface Route {
  method: 'GET' | 'POST';
  path: string;
  body: JsonSchema | null;
  multipart: boolean;
}

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '😀',
      '\u202eabc',
      "' OR 1=1 --",
      '%_\\',
      '<script>alert(1)</script>',
      '../../etc/passwd',
      '  ',
      '',
      'NaN',
      '1e9999',
      '云海',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 2000, maxLength: 70_000, unit: fc.constantFrom('a', '中', '\u0000') }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 1.0000001),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Mostly the right shape with hostile values; sometimes the wrong type, nothing, or deep nesting. */
function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valueOf(s, depth + 1)));
  const right = (() => {
    if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString });
    if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), anyJson);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'integer':
      case 'number': {
        const lo = schema.minimum ?? -1000;
        const hi = schema.maximum ?? 100_000;
        return fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) }) },
          { weight: 2, arbitrary: hostileNumber },
        );
      }
      case 'string':
        // Patterned ids (devID, requestId) take random v4 UUIDs half the time, so calls get past them.
        return schema.pattern ? fc.oneof(fc.uuid({ version: 4 }), hostileString) : hostileString;
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueOf(schema.items, depth + 1), { maxLength: 12 });
      case 'object':
        return objectOf(schema, depth);
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 18, arbitrary: right }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: fc.constant(null) });
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, valueOf(s, depth + 1)]));
  const required = (schema.required ?? []).filter((k) => k in props);
  const extra = fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { minKeys: 1, maxKeys: 2 });
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      // Now and then a required key is left out or an unknown key added.
      fc.oneof(
        { weight: 9, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.subarray(required, { maxLength: Math.min(1, required.length) }) },
      ),
      fc.oneof({ weight: 9, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }),
    )
    .map(([obj, dropped, more]) => {
      const out: Record<string, unknown> = { ...obj, ...more };
      for (const k of dropped) delete out[k];
      return out;
    });
}

/** A raw body: mostly the schema's JSON, sometimes not JSON at all. */
function bodyOf(schema: JsonSchema | null): fc.Arbitrary<{ raw: string; contentType?: string }> {
  const json = (schema ? valueOf(schema) : anyJson).map((v) => ({ raw: JSON.stringify(v) ?? 'null' }));
  const broken = fc.oneof(
    fc
      .constantFrom(
        '',
        '{',
        '{"a":',
        '[]',
        'null',
        '"x"',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      )
      .map((raw) => ({ raw })),
    fc.string({ maxLength: 50 }).map((raw) => ({ raw })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data')
      .map((contentType) => ({ raw: 'a=1', contentType })),
  );
  return fc.oneof({ weight: 9, arbitrary: json }, { weight: 1, arbitrary: broken });
}

/** Every byte of the UTF-8 form percent-encoded (encodeURIComponent refuses lone surrogates). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function routesOf(doc: {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> }; description?: string }>>;
}): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: /multipart/i.test(op.description ?? ''),
      });
    }
  }
  return routes;
}

describe.each(BACKENDS)('schema fuzz on $name', (backend) => {
  let server: TestServer;
  let routes: Route[];
  let guest: () => Promise<string>;
  let member: () => Promise<string>;
  let throwaway: () => Promise<string>;
  let image: Buffer;
  const failures: string[] = [];
  const summary: Record<string, Record<number, number>> = {};

  beforeAll(async () => {
    server = await startServer({ backend });
    await server.app.ready();
    routes = routesOf(server.app.swagger() as never);
    guest = async () => (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data.token;
    const account = `fuzz_${Date.now()}`;
    await call(server.app, API.accountCreate, { body: { account, password: 'secret1', confirmPassword: 'secret1' }, remoteAddress: '10.250.0.1' });
    member = async () =>
      (await call<LoginResult>(server.app, API.loginOfficial, { body: { account, password: 'secret1' }, remoteAddress: '10.250.0.2' })).data.token;
    // Fuzzing user/delete counts wrong passwords against the account it is given (its sign-in
    // would then wait) and a right one would end it: that route gets a member of its own.
    throwaway = async () => {
      const name = `fuzz_del_${Date.now()}`;
      await call(server.app, API.accountCreate, { body: { account: name, password: 'secret1', confirmPassword: 'secret1' }, remoteAddress: '10.250.0.3' });
      return (await call<LoginResult>(server.app, API.loginOfficial, { body: { account: name, password: 'secret1' }, remoteAddress: '10.250.0.3' })).data.token;
    };
    image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    console.log(
      `schema fuzz on ${backend.name} (seed ${SEED}):\n${Object.entries(summary)
        .map(([r, codes]) => `  ${r}: ${JSON.stringify(codes)}`)
        .join('\n')}`,
    );
    await server.close();
  });

  function check(route: string, what: unknown, result: CallResult<unknown>): void {
    const { res, envelope } = result;
    const codes = (summary[route] ??= {});
    codes[envelope?.code ?? -res.statusCode] = (codes[envelope?.code ?? -res.statusCode] ?? 0) + 1;
    const wellFormed =
      envelope && typeof envelope.code === 'number' && typeof envelope.tip === 'string' && typeof envelope.hash === 'boolean' && 'data' in envelope;
    if (res.statusCode >= 500 || envelope?.code === 1500 || !wellFormed) {
      failures.push(`${route} → HTTP ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(what).slice(0, 300)}`);
    }
  }

  async function safeCall(path: string, options: Parameters<typeof call>[2]): Promise<CallResult<unknown>> {
    try {
      return await call(server.app, path, options);
    } catch {
      // Not JSON at all: report it as a failed envelope.
      const res = await server.app.inject({ method: 'GET', url: '/healthz' });
      return { res: { ...res, statusCode: 599, body: 'answer was not JSON' } as never, envelope: undefined as never, data: undefined };
    }
  }

  it('answers every fuzzed body with an envelope, never a 500', async () => {
    const runs = runsFor(backend.name);
    let sent = 0;
    for (const [index, route] of routes.entries()) {
      if (route.multipart) continue;
      // Fresh sessions per route: fuzzing user/logout revokes the tokens it is given.
      const tokens = [await guest(), route.path === MEMBER_API.accountDelete ? await throwaway() : await member(), ''];
      // The operators' calls refuse these callers before reading the body: a tenth of the bodies shows as much.
      const bodies = fc.sample(bodyOf(route.body), { seed: SEED + index, numRuns: route.path.startsWith(ADMIN_PREFIX) ? Math.ceil(runs / 10) : runs });
      for (const [i, body] of bodies.entries()) {
        const result = await safeCall(route.path, {
          method: route.method,
          ...(route.method === 'GET' ? {} : { rawBody: body.raw, contentType: body.contentType }),
          token: tokens[i % tokens.length],
          remoteAddress: `10.${index}.${(i >> 8) & 255}.${i & 255}`,
        });
        check(`${route.method} ${route.path}`, body, result);
        sent++;
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(runs * 25);
  });

  it('answers every fuzzed upload with an envelope, never a 500', async () => {
    const runs = runsFor(backend.name);
    const uploads = routes.filter((r) => r.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    const part = fc.record({
      purpose: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...UPLOAD_PURPOSES) },
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      field: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: hostileString }),
      name: hostileString,
      type: fc.constantFrom('image/png', 'text/html', '', 'application/octet-stream'),
      content: fc.oneof(fc.constant('image'), fc.constant('polyglot'), fc.uint8Array({ maxLength: 300 })),
      cut: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) }),
      boundary: fc.oneof({ weight: 4, arbitrary: fc.constant('ok') }, { weight: 1, arbitrary: fc.constantFrom('', 'missing', '"quoted"', 'x'.repeat(100)) }),
    });
    for (const [index, route] of uploads.entries()) {
      const tokens = [await guest(), await member()];
      for (const [i, p] of fc.sample(part, { seed: SEED + 1000 + index, numRuns: runs }).entries()) {
        const bytes =
          p.content === 'image' ? image : p.content === 'polyglot' ? Buffer.concat([image, Buffer.from('<script>alert(1)</script>')]) : Buffer.from(p.content);
        const built = multipartBody([{ name: p.name, type: p.type, bytes, field: p.field }]);
        const body = built.body.subarray(0, Math.floor(built.body.length * p.cut));
        const contentType =
          p.boundary === 'ok' ? built.contentType : p.boundary === 'missing' ? 'multipart/form-data' : `multipart/form-data; boundary=${p.boundary}`;
        const query = p.purpose === undefined ? '' : `?purpose=${percentEncoded(p.purpose)}`;
        const result = await safeCall(`${route.path}${query}`, {
          rawBody: body,
          contentType,
          multipart: true,
          token: tokens[i % 2],
          remoteAddress: `10.200.${index}.${i & 255}`,
        });
        check(
          `POST ${route.path} (multipart)`,
          { ...p, content: p.content === 'image' || p.content === 'polyglot' ? p.content : `${bytes.length} bytes` },
          result,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
