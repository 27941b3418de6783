import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API } from '../../protocol/api.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { imageSize } from '../../server/media/image-size.ts';
import { createServer } from '../../server/bootstrap.ts';
import { loadConfig } from '../../server/config.ts';
import { BACKENDS, KEYS, SHARED_MEDIA_DIR, call, suiteServer, suiteStaticDir } from './helpers.ts';

const backend = BACKENDS[0]!;

describe('media, static files and health', () => {
  const staticDir = suiteStaticDir({
    'index.html': '<!doctype html><title>md</title>',
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'assets/index-abc123.js': 'console.log(1);',
    'manifest.webmanifest': '{}',
  });
  // The shared media folder keeps encoded clips between runs; the first run encodes them.
  const server = suiteServer(() => ({ backend, encodeClips: true, env: { STATIC_DIR: staticDir.path } }), 180_000);

  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('reports health once prepared', async () => {
    const res = await get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['x-server-time']).toBeDefined();
  });

  it('serves covers masked: unmasking gives a real image of the advertised size', async () => {
    const res = await get('/media/img/covers/1001.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-server-time']).toBeDefined();
    expect(detectImageType(res.rawPayload)).toBeNull();
    const image = unmaskImage(res.rawPayload, KEYS.MD_IMAGE_KEY);
    expect(detectImageType(image)).toBe('image/webp');
    expect(imageSize(image, 'image/webp')).toEqual({ width: 640, height: 360 });
    const other = unmaskImage((await get('/media/img/covers/1002.png')).rawPayload, KEYS.MD_IMAGE_KEY);
    expect(Buffer.from(other).equals(Buffer.from(image))).toBe(false);
  });

  it('answers ?w= with the narrowest stored width that fills it', async () => {
    const at = async (query: string) => {
      const res = await get(`/media/img/covers/1001.png${query}`);
      expect(res.statusCode).toBe(200);
      const image = unmaskImage(res.rawPayload, KEYS.MD_IMAGE_KEY);
      expect(detectImageType(image)).toBe('image/webp');
      return { bytes: res.rawPayload.length, ...imageSize(image, 'image/webp')! };
    };
    // A 170 px card at pixel ratio 2 asks for 340: the 320 px variant is within 10 %.
    expect(await at('?w=340')).toMatchObject({ width: 320, height: 180 });
    expect(await at('?w=400')).toMatchObject({ width: 480, height: 270 });
    expect(await at('?w=100')).toMatchObject({ width: 160, height: 90 });
    // Wider than the image, or not a width: the full size.
    expect(await at('?w=2000')).toMatchObject({ width: 640 });
    expect(await at('?w=abc')).toMatchObject({ width: 640 });
    expect(await at('?w=-5')).toMatchObject({ width: 640 });
    expect((await at('?w=160')).bytes).toBeLessThan((await at('')).bytes / 3);
    expect((await get('/media/img/covers/nope.png?w=320')).statusCode).toBe(404);
  });

  it('refuses paths outside the media folder and missing images', async () => {
    expect((await get('/media/img/../../etc/passwd')).statusCode).toBe(404);
    expect((await get('/media/img/%2e%2e/%2e%2e/etc/passwd')).statusCode).toBe(404);
    expect((await get('/media/img/covers/nope.png')).statusCode).toBe(404);
  });

  it('serves a DASH manifest with three video representations and audio', async () => {
    const res = await get('/media/video/clip-1/manifest.mpd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/dash\+xml/);
    const mpd = res.body;
    for (const h of ['360', '720', '1080']) expect(mpd).toContain(`height="${h}"`);
    expect(mpd).toContain('contentType="audio"');
    expect(mpd).toMatch(/mediaPresentationDuration="PT[\d.HMS]+"/);
    // Its captions (server/media/captions.ts): two text adaptation sets, each one VTT file.
    expect(mpd).toContain('<AdaptationSet id="100" contentType="text" mimeType="text/vtt" lang="zh">');
    expect(mpd).toContain('<BaseURL>captions-en.vtt</BaseURL>');
  });

  it('answers a Range request on a segment with 206 and long cache', async () => {
    const full = await get('/media/video/clip-2/chunk-0-00001.m4s');
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['content-type']).toBe('video/iso.segment');
    const part = await get('/media/video/clip-2/chunk-0-00001.m4s', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(0, 100))).toBe(true);
    const init = await get('/media/video/clip-2/init-0.m4s');
    expect(init.rawPayload.subarray(4, 8).toString('ascii')).toBe('ftyp');
  });

  it('serves the PWA with the right cache headers and an SPA fallback', async () => {
    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['x-server-time']).toBeDefined();
    const route = await get('/video/1001?from=home', { accept: 'text/html,application/xhtml+xml' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>md</title>');
    expect((await get('/video/1001', { accept: 'application/json' })).statusCode).toBe(404);
    expect((await get('/media/nothing', { accept: 'text/html' })).statusCode).toBe(404);
    const api = await get('/api/app/unknown', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 1006 });
  });

  it("names a video page's poster in its HTML, compressed like the build's files", async () => {
    const html = { accept: 'text/html' };
    const page = await get('/videoDetails?id=1001&from=home', html);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Its own title (server/plugins/share-meta.ts) in place of the build's.
    expect(page.body).toContain('<title>晨光里的城市天际线 - MD 视频</title>');
    expect(page.body).not.toContain('<title>md</title>');
    expect(page.body).toContain(
      '<meta name="md-poster" content="1001" data-base="/media/img" data-path="posters/1001.png" data-width="640" data-height="360" />',
    );
    // The address it names is the poster's, served masked like every image.
    const poster = await get('/media/img/posters/1001.png');
    expect(poster.statusCode).toBe(200);
    expect(detectImageType(unmaskImage(poster.rawPayload, KEYS.MD_IMAGE_KEY))).toBe('image/webp');

    const br = await get('/videoDetails?id=1001', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gz = await get('/videoDetails?id=1001', { ...html, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page.body);

    // No hint where there is no such video, and none on other pages.
    for (const url of ['/videoDetails?id=999999', '/videoDetails?id=abc', '/videoDetails', '/?id=1001', '/actressDetails?id=1001']) {
      const other = await get(url, html);
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('md-poster');
    }
  });

  it('lists every route in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of Object.values(API)) expect(Object.keys(doc.paths)).toContain(path);
    expect(doc.paths[API.config]).toHaveProperty('get');
    expect(doc.paths[API.videoList]).toHaveProperty('post');
  });

  it('describes signing as security schemes, names every operation and documents the 401 answers', async () => {
    interface Operation {
      operationId?: string;
      parameters?: { in: string; name: string }[];
      security?: Record<string, string[]>[];
      responses: Record<string, unknown>;
    }
    const doc = (await get('/openapi.json')).json() as {
      servers: { url: string }[];
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.servers.length).toBeGreaterThan(0);
    const headers = Object.values(doc.components.securitySchemes)
      .filter((s) => s.in === 'header')
      .map((s) => s.name);
    expect(headers.sort()).toEqual(['x-api-key', 'x-nonce', 'x-operator-key', 'x-secret', 'x-timestamp', 'x-ua']);
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.values(ops).map((op) => ({ path, op })));
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.find(({ path }) => path === API.accountCreate)?.op.operationId).toBe('loginAccountCreate');
    for (const { path, op } of operations.filter(({ path }) => path.startsWith('/api/'))) {
      expect(op.parameters?.filter((p) => p.in === 'header') ?? [], path).toEqual([]);
      expect(op.security?.[0], path).toHaveProperty('md1Signature');
      expect(op.responses, path).toHaveProperty('401');
    }
  });
});

describe('before media and seed are ready', () => {
  it('answers /healthz with 503', async () => {
    const app = await createServer(loadConfig({ DATA_DIR: 'memory://', MEDIA_DIR: SHARED_MEDIA_DIR }));
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-server-time']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe('without a build', () => {
  // Started in a hook like every suite's server: its start (migrations, seeding) has the hook's time.
  const server = suiteServer({ backend });

  it('says how to build on GET / and still serves the API', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
    const { envelope } = await call(server.app, API.config, {});
    expect(envelope.code).toBe(200);
  });
});
