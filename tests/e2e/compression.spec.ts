import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { MIN_BYTES } from '../../scripts/precompress.ts';
import { expect, test } from './fixtures.ts';

// The build the server serves (STATIC_DIR, as the server reads it; dist by default).
const DIST = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(import.meta.dirname, '../../dist');
const TEXT = /\.(js|css|html|json|webmanifest|svg)$/;

// Every text file of the build over 1 KB, as the server sends it to a browser that accepts brotli.
test('every text asset of the build over 1 KB arrives compressed', async ({ request }) => {
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((f) => TEXT.test(f) && statSync(join(DIST, f)).size > MIN_BYTES)
    .map((f) => `/${relative(DIST, join(DIST, f)).replace(/\\/g, '/')}`);
  expect(files.length).toBeGreaterThan(10);
  expect(files).toContain('/index.html');
  const plain: string[] = [];
  for (const url of files) {
    const res = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status(), url).toBe(200);
    const headers = res.headers();
    if (headers['content-encoding'] !== 'br') plain.push(`${url} (${headers['content-encoding'] ?? 'none'})`);
    expect(headers.vary ?? '', url).toMatch(/accept-encoding/i);
  }
  expect(plain).toEqual([]);
  // The video page's DASH manifests are text too (written compressed when a clip is encoded).
  for (const encoding of ['br', 'gzip']) {
    const manifest = await request.get('/media/video/clip-1/manifest.mpd', { headers: { 'accept-encoding': encoding } });
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-encoding'], encoding).toBe(encoding);
    expect(await manifest.text()).toContain('<MPD');
  }
  const html = await request.get('/actressList', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  expect(html.headers()['content-encoding']).toBe('gzip');
});
