import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import pg from 'pg';
import sharp from 'sharp';
import { API, type LoginResult, type UploadResult } from '../../protocol/api.ts';
import { decryptData } from '../../protocol/cipher.ts';
import type { Envelope } from '../../protocol/envelope.ts';
import { DEFAULT_KEYS } from '../../protocol/keys.ts';
import { signedHeaders } from '../../protocol/signing.ts';
import { createServer, prepare } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';

export const KEYS = DEFAULT_KEYS;
export const UA = 'deviceType=mobile&sysType=h5&version=1.0.1%2B27&browser=chrome';
/** Encoded clips and generated images are reused across runs; only missing ones are made. */
export const SHARED_MEDIA_DIR = join(tmpdir(), 'md-test-media');

/**
 * Gives a new media folder the catalogue's pictures already made in SHARED_MEDIA_DIR (when an
 * earlier run made them), so that seeding a site of its own writes only what is missing instead
 * of drawing and masking every picture again. Same default image key, same files.
 */
export function withSharedImages(mediaDir: string): void {
  for (const part of ['img', 'og']) {
    const from = join(SHARED_MEDIA_DIR, part);
    if (existsSync(from)) cpSync(from, join(mediaDir, part), { recursive: true, force: false });
  }
}

/** An empty PGlite cluster, made once per PGlite version and kept beside the shared media. */
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
).version;
const PGLITE_TEMPLATE = join(tmpdir(), `md-test-pglite-${PGLITE_VERSION}.tar`);
let template: Promise<Blob> | undefined;

/**
 * The cluster every in-memory test database starts from: initdb is most of a PGlite start (seconds
 * on a busy machine), the same every time. Migrations and seeding still run on each database.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    if (existsSync(PGLITE_TEMPLATE)) return new Blob([readFileSync(PGLITE_TEMPLATE)]);
    const client = await PGlite.create();
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written whole, then renamed: files starting together never read half of it.
    const partial = `${PGLITE_TEMPLATE}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, PGLITE_TEMPLATE);
    return dump;
  })();
  return template;
}

export interface Backend {
  name: string;
  /** A fresh database URL, or null for in-memory PGlite; call drop() after. */
  create(): Promise<{ url: string | null; drop(): Promise<void> }>;
}

const pglite: Backend = { name: 'PGlite', create: async () => ({ url: null, drop: async () => undefined }) };

function postgres(adminUrl: string): Backend {
  return {
    name: 'PostgreSQL',
    async create() {
      const name = `md_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? [pglite, postgres(process.env.DATABASE_URL)] : [pglite];

export interface TestServer {
  app: FastifyInstance;
  /** The PostgreSQL database URL, or null on PGlite. */
  url: string | null;
  close(): Promise<void>;
}

export interface StartOptions {
  backend: Backend;
  env?: Record<string, string>;
  encodeClips?: boolean;
  /** The long demo clips encoded in the background once ready (server/jobs/background-clips.ts); off in tests. */
  backgroundClips?: boolean;
  onQuery?: (sql: string) => void;
  /** See server/bootstrap.ts StartOptions.sweeps. */
  sweeps?: boolean;
}

export async function startServer(options: StartOptions): Promise<TestServer> {
  const db = await options.backend.create();
  const config = loadConfig({
    DATA_DIR: 'memory://',
    MEDIA_DIR: SHARED_MEDIA_DIR,
    STATIC_DIR: join(tmpdir(), 'md-test-no-static'),
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...options.env,
  });
  const app = await createServer(config, { onQuery: options.onQuery, pgliteTemplate: db.url ? undefined : await pgliteTemplate() });
  await prepare(app, {
    encodeClips: options.encodeClips ?? false,
    backgroundClips: options.backgroundClips ?? false,
    sweeps: options.sweeps,
  });
  return {
    app,
    url: db.url,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * The server of the suite this is called in: started before its tests (options read then, so they
 * may name what earlier hooks prepared), closed after them. Its fields are there once tests run.
 */
export function suiteServer(options: StartOptions | (() => StartOptions), timeout?: number): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(typeof options === 'function' ? options() : options));
  }, timeout);
  // Nothing to close when it never started (its start failed the suite already).
  afterAll(() => server.close?.());
  return server;
}

/** A static build for the suite: `files` (path: content) in a new folder, removed after the suite. */
export function suiteStaticDir(files: Record<string, string | Uint8Array>): { path: string } {
  const dir = { path: '' };
  beforeAll(() => {
    dir.path = mkdtempSync(join(tmpdir(), 'md-static-'));
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir.path, file)), { recursive: true });
      writeFileSync(join(dir.path, file), content);
    }
  });
  afterAll(() => rmSync(dir.path, { recursive: true, force: true }));
  return dir;
}

/** Signs in a new guest device. */
export async function newGuest(app: FastifyInstance): Promise<LoginResult> {
  return (await call<LoginResult>(app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Sent as is, bypassing JSON.stringify. */
  rawBody?: string | Buffer;
  token?: string;
  contentType?: string;
  now?: number;
  nonce?: string;
  /** Applied after signing: overrides or, with undefined, removes headers. */
  headers?: Record<string, string | undefined>;
  multipart?: boolean;
  signingKey?: string;
  remoteAddress?: string;
}

export interface CallResult<T> {
  res: LightMyRequestResponse;
  envelope: Envelope<T>;
  /** Decrypted data when hash is true. */
  data: T;
}

/** A signed API call as the service worker makes it, with the response decrypted. */
export async function call<T = unknown>(app: FastifyInstance, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const method = options.method ?? (path.endsWith('/ping/config') ? 'GET' : 'POST');
  const payload = options.rawBody ?? (options.body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(options.body));
  const signed = signedHeaders({
    appSecret: KEYS.MD_APP_SECRET,
    signingKey: options.signingKey ?? KEYS.MD_SIGNING_KEY,
    method,
    pathWithQuery: path,
    token: options.token,
    ua: UA,
    now: options.now ?? Date.now(),
    body: typeof payload === 'string' ? payload : payload ? new Uint8Array(payload) : '',
    multipart: options.multipart,
    nonce: options.nonce,
  });
  const headers: Record<string, string> = { ...signed };
  if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await app.inject({ method, url: path, headers, payload, remoteAddress: options.remoteAddress });
  const result = await parse<T>(res);
  if (result.envelope.code === 200) await checkContract(app, method, path.split('?')[0]!, { ...result.envelope, data: result.data });
  return result;
}

const contracts = new WeakMap<FastifyInstance, Promise<Map<string, ValidateFunction>>>();

/** Every object of a schema closed: an answered field the contract does not name is an error. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([n, p]) => [n, closed(p)])) : closed(v),
    ]),
  );
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/**
 * Every successful answer of every server test, once decrypted, must match the 200 answer that
 * /openapi.json documents for the call: each required field present and of its type, no field
 * the document does not name (an encrypted answer would carry it past the serializer unseen).
 */
async function checkContract(app: FastifyInstance, method: string, path: string, answer: unknown): Promise<void> {
  let validators = contracts.get(app);
  if (!validators) {
    validators = (async () => {
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      };
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats.default(ajv);
      const map = new Map<string, ValidateFunction>();
      for (const [p, operations] of Object.entries(doc.paths)) {
        for (const [m, operation] of Object.entries(operations)) {
          const schema = operation.responses['200']?.content?.['application/json']?.schema;
          if (schema) map.set(`${m.toUpperCase()} ${p}`, ajv.compile(closed(schema) as object));
        }
      }
      return map;
    })();
    contracts.set(app, validators);
  }
  const validate = (await validators).get(`${method} ${path}`);
  if (!validate) throw new Error(`${method} ${path} answered 200 but /openapi.json documents no 200 answer for it`);
  if (!validate(answer)) throw new Error(`${method} ${path} answered outside its contract: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}

export async function parse<T>(res: LightMyRequestResponse): Promise<CallResult<T>> {
  const envelope = res.json() as Envelope<T>;
  const data = envelope.hash ? await decryptData<T>(KEYS.MD_DATA_KEY, envelope.data as string) : (envelope.data as T);
  return { res, envelope, data };
}

/** A multipart body with one `file` part per entry. */
export function multipartBody(files: { name: string; type: string; bytes: Uint8Array; field?: string }[]): { body: Buffer; contentType: string } {
  const boundary = `----md${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      Buffer.from(f.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const devId = () => crypto.randomUUID();

/** A new client address per caller, so per-address sign-up and sign-in limits never meet between tests. */
let addresses = 0;
export const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

export interface Member {
  account: string;
  token: string;
  id: number;
  remoteAddress: string;
}

/** Signs up an account (the guest of `guestToken` becomes it, when given) and signs it in from its own address. */
export async function signUpMember(app: FastifyInstance, prefix: string, options: { password?: string; guestToken?: string } = {}): Promise<Member> {
  const { password = 'secret1', guestToken } = options;
  const account = `${prefix}_${randomBytes(4).toString('hex')}`;
  const remoteAddress = nextAddress();
  const created = await call(app, API.accountCreate, { body: { account, password, confirmPassword: password }, token: guestToken, remoteAddress });
  expect(created.envelope.code).toBe(200);
  const login = await call<LoginResult>(app, API.loginOfficial, { body: { account, password }, remoteAddress });
  return { account, token: login.data.token, id: login.data.userInfo.id, remoteAddress };
}

/** Uploads `count` small distinct PNGs in one upload/images call for `purpose`; answers their paths. */
export async function uploadImages(app: FastifyInstance, token: string, count: number, purpose: string): Promise<string[]> {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `i${i}.png`,
      type: 'image/png',
      bytes: await sharp({ create: { width: 48, height: 30, channels: 3, background: { r: (i * 53) % 256, g: 120, b: 200 } } })
        .png()
        .toBuffer(),
    })),
  );
  const { body, contentType } = multipartBody(files);
  const res = await call<{ list: UploadResult[] }>(app, `${API.uploadImages}?purpose=${purpose}`, { rawBody: body, contentType, multipart: true, token });
  expect(res.envelope.code).toBe(200);
  return res.data.list.map((u) => u.path);
}
