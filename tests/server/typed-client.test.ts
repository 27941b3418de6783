/**
 * A client generated from /openapi.json (openapi-typescript) type-checks against the page's calls:
 * the page is compiled with its api-client swapped for one typed by the generated `paths`, so that
 * every apiPost/apiGet must name a path whose answer is exactly the type the caller expects and
 * send a body that path accepts. A scratch caller with a wrong answer type and a wrong body proves
 * the check can fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startServer, type TestServer } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT = resolve(ROOT, 'src/lib/api-client.ts');
const REAL_CLIENT = resolve(ROOT, 'src/lib/api-client.real.ts');
const PATHS = resolve(ROOT, 'src/lib/openapi-paths.gen.ts');
const SCRATCH = resolve(ROOT, 'src/lib/typed-client-scratch.ts');

/**
 * Every export of the real client, with apiPost and apiGet typed by the generated paths. An answer
 * type of `unknown` means the caller ignores the answer: any path of the method will do.
 */
const TYPED_CLIENT = `
export * from './api-client.real.ts';
import type { paths } from './openapi-paths.gen.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Op<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends infer O ? (O extends { responses: unknown } ? O : never) : never;
type PathsOf<M extends 'get' | 'post'> = { [P in keyof paths]: Op<P, M> extends never ? never : P }[keyof paths];
type Data<O> = O extends { responses: { 200: { content: { 'application/json': { data?: infer D } } } } } ? Exclude<D, string | undefined> : never;
/** What a call answers once decrypted: null only for calls that answer nothing. */
type Answer<O> = [Exclude<Data<O>, null>] extends [never] ? Data<O> : Exclude<Data<O>, null>;
/** T is the answer, or one of its alternatives (collect/list answers videos or creators by contentType). */
type Matches<T, A> = Same<T, A> extends true ? true : true extends (A extends unknown ? Same<T, A> : never) ? true : false;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : O extends { requestBody?: { content: { 'application/json': infer B } } } ? B | undefined : undefined;
type PathsFor<T, M extends 'get' | 'post'> = unknown extends T ? PathsOf<M> : { [P in PathsOf<M>]: Matches<T, Answer<Op<P, M>>> extends true ? P : never }[PathsOf<M>];
type BodyFor<P, M extends 'get' | 'post'> = P extends keyof paths ? BodyOf<Op<P, M>> : never;

export declare function apiPost<T>(path: PathsFor<T, 'post'>, body?: BodyFor<PathsFor<T, 'post'>, 'post'>, options?: { quiet?: boolean }): Promise<T>;
export declare function apiGet<T>(path: PathsFor<T, 'get'>): Promise<T>;
`;

/** Wrong on purpose: the detail answers more than a list item, and a detail body has no page. */
const SCRATCH_CALLER = `
import { API, type Page, type VideoItem } from '../../protocol/api.ts';
import { apiPost } from './api-client.ts';
export const wrongAnswer = () => apiPost<VideoItem>(API.videoDetail, { id: 1 });
export const wrongBody = () => apiPost<Page<VideoItem>>(API.videoList, { categoryId: 1, page: 'one', pageSize: 10 });
`;

function compile(generated: string): readonly ts.Diagnostic[] {
  const config = ts.getParsedCommandLineOfConfigFile(resolve(ROOT, 'tsconfig.app.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.app.json does not parse');
  // The page's files that call the api-client; the program follows their imports.
  const callers = config.fileNames.filter((file) => file.startsWith(resolve(ROOT, 'src')) && readFileSync(file, 'utf8').includes('api-client'));
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, incremental: false, composite: false, tsBuildInfoFile: undefined };
  const virtual = new Map<string, string>([
    [CLIENT, TYPED_CLIENT],
    [REAL_CLIENT, readFileSync(CLIENT, 'utf8')],
    [PATHS, generated],
    [SCRATCH, SCRATCH_CALLER],
  ]);
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => virtual.get(resolve(file)) ?? readFile(file);
  host.fileExists = (file) => virtual.has(resolve(file)) || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    const text = virtual.get(resolve(file));
    return text !== undefined ? ts.createSourceFile(file, text, language) : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: [...callers, SCRATCH], options, host });
  return ts.getPreEmitDiagnostics(program);
}

const describeText = (d: ts.Diagnostic) =>
  `${d.file ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`;

describe('a client generated from /openapi.json', () => {
  let server: TestServer;
  let diagnostics: readonly ts.Diagnostic[];

  beforeAll(async () => {
    server = await startServer({ backend: BACKENDS[0]! });
    const res = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const generated = astToString(await openapiTS(JSON.parse(res.body) as Parameters<typeof openapiTS>[0]));
    diagnostics = compile(generated);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('has no file of its own in the tree (the swap is in memory only)', () => {
    expect([REAL_CLIENT, PATHS, SCRATCH].filter((file) => existsSync(file))).toEqual([]);
  });

  it("type-checks every call of the page's api-client", () => {
    const page = diagnostics.filter((d) => d.file?.fileName !== SCRATCH).map(describeText);
    expect(page).toEqual([]);
  });

  it('refuses a caller that expects the wrong answer or sends a wrong body', () => {
    const scratch = diagnostics.filter((d) => d.file?.fileName === SCRATCH).map((d) => d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
    // Line 4: VideoItem is not what video/detail answers; line 5: page must be a number.
    expect([...new Set(scratch)].sort()).toEqual([4, 5]);
  });
});
