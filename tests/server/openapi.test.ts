import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, MANAGE_API } from '../../protocol/admin-api.ts';
import { API } from '../../protocol/api.ts';
import { CONTENT_API } from '../../protocol/content-api.ts';
import { MEMBER_API } from '../../protocol/member-api.ts';
import { SUPPORT_API } from '../../protocol/support-api.ts';
import { BRAND_API } from '../../protocol/brand-api.ts';
import { SAFETY_API } from '../../protocol/safety-api.ts';
import { WORKS_API } from '../../protocol/works-api.ts';
import { BACKENDS, startServer, type TestServer } from './helpers.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

describe.each(BACKENDS)('/openapi.json ($name)', (backend) => {
  let server: TestServer;
  let document: string;
  let dir: string;

  beforeAll(async () => {
    server = await startServer({ backend });
    const res = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.body;
    dir = mkdtempSync(join(tmpdir(), 'md-openapi-'));
    writeFileSync(join(dir, 'openapi.json'), document);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names every path of the protocol once, each with an operationId', () => {
    const spec = JSON.parse(document) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = new Set<string>();
    for (const path of [
      ...Object.values(API),
      ...Object.values(CONTENT_API),
      ...Object.values(MEMBER_API),
      ...Object.values(SUPPORT_API),
      ...Object.values(BRAND_API),
      ...Object.values(SAFETY_API),
      ...Object.values(WORKS_API),
      ...Object.values(ADMIN_API),
      ...Object.values(MANAGE_API).flatMap((paths) => Object.values(paths)),
    ]) {
      const operations = spec.paths[path];
      expect(operations, path).toBeDefined();
      for (const operation of Object.values(operations!)) {
        expect(operation.operationId, path).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(ids.has(operation.operationId!), `${path}: ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId!);
      }
    }
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const cli = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', join(dir, 'openapi.json'), '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; message: string; severity: string }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});
