// Production runs built JavaScript: the esbuild bundle of the server starts with plain Node, finds
// its migrations beside it, migrates a fresh database and listens.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, no declarations
import { buildServer } from '../../scripts/build-server.mjs';
import { SHARED_MEDIA_DIR } from './helpers.ts';

const root = join(import.meta.dirname, '..', '..');

describe('the built server', () => {
  // Inside the checkout, so that the bundle finds node_modules the way dist-server/ does.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const out = mkdtempSync(join(root, 'test-results', 'built-server-'));
  const data = mkdtempSync(join(tmpdir(), 'md-built-data-'));
  beforeAll(async () => {
    await (buildServer as (root: string, out: string) => Promise<void>)(root, out);
  });
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  });

  it('starts with node alone, migrates a fresh database and answers', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [join(out, 'main.js')], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, MEDIA_DIR: SHARED_MEDIA_DIR, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await expect.poll(() => (child.exitCode === null ? output : `exited ${child.exitCode}: ${output}`), { timeout: 60_000 }).toContain('listening on');
      // Listening comes after the migrations: the bundle found them beside itself.
      expect(output).not.toMatch(/error/i);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect([200, 503]).toContain(health.status);
      const openapi = await fetch(`http://127.0.0.1:${port}/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
