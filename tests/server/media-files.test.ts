import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerMediaFiles } from '../../server/plugins/media-files.ts';

describe('media files under a dot-folder', () => {
  // Operators and the test runner keep data in folders such as .data-test-e2e; only the request's
  // own path segments may not be hidden.
  const parent = mkdtempSync(join(tmpdir(), 'md-media-'));
  const mediaDir = join(parent, '.data', 'media');
  mkdirSync(join(mediaDir, 'img', 'covers'), { recursive: true });
  writeFileSync(join(mediaDir, 'img', 'covers', '1.png'), Buffer.from([1, 2, 3]));
  writeFileSync(join(mediaDir, 'img', 'covers', '.secret'), 'x');
  const app = Fastify();
  afterAll(async () => {
    await app.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves images and still refuses hidden files and traversal', async () => {
    await registerMediaFiles(app, mediaDir);
    const ok = await app.inject({ url: '/media/img/covers/1.png' });
    expect(ok.statusCode).toBe(200);
    expect([...ok.rawPayload]).toEqual([1, 2, 3]);
    expect(ok.headers['content-type']).toBe('application/octet-stream');
    expect((await app.inject({ url: '/media/img/covers/.secret' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/media/img/covers/%2e%2e/%2e%2e/.data/media/img/covers/1.png' })).statusCode).toBe(404);
  });
});
