import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from '../../scripts/precompress.ts';
import { BACKENDS, suiteServer, suiteStaticDir } from './helpers.ts';

// A JavaScript file with the repetition of real bundles, well over the 1 KB threshold.
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const item${i} = { id: ${i}, label: "row ${i}" };`).join('\n');
const HTML = `<!doctype html><html lang="zh-CN"><head><title>md</title></head><body>${'<div class="x">内容</div>'.repeat(80)}</body></html>`;

describe('precompressed static files', () => {
  const build = suiteStaticDir({
    'assets/index-abc123.js': SCRIPT,
    'index.html': HTML,
    'small.js': 'console.log(1);',
    'sw.js': SCRIPT,
    'icon.png': Buffer.alloc(4096, 7),
  });
  beforeAll(async () => {
    const totals = await precompressDir(build.path);
    expect(totals.files).toBe(3);
  }, 60_000);
  const server = suiteServer(() => ({ backend: BACKENDS[0]!, env: { STATIC_DIR: build.path } }), 60_000);

  const get = (url: string, headers: Record<string, string>) => server.app.inject({ method: 'GET', url, headers });

  it('writes brotli and gzip copies only of text files over the threshold', () => {
    expect(SCRIPT.length).toBeGreaterThan(MIN_BYTES);
    expect(brotliDecompressSync(readFileSync(join(build.path, 'assets', 'index-abc123.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(build.path, 'index.html.gz'))).toString()).toBe(HTML);
    expect(() => readFileSync(join(build.path, 'small.js.br'))).toThrow();
    expect(() => readFileSync(join(build.path, 'icon.png.br'))).toThrow();
  });

  it('sends brotli to a client that takes it, with the original type and Vary', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the HTML of a client-side route too', async () => {
    // A route without a page head of its own (share-meta.ts) is the build's index.html, precompressed.
    const res = await get('/FAQ', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
  });

  it('keeps the revalidation rules of the service worker and index.html when compressed', async () => {
    for (const url of ['/sw.js', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves small files alone', async () => {
    const res = await get('/small.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);');
  });

  it('sends /openapi.json compressed as the client prefers, and plain to a client that takes no encoding', async () => {
    const plain = await get('/openapi.json', {});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.json<{ openapi: string }>();
    expect(document.openapi).toMatch(/^3\./);
    const br = await get('/openapi.json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});
