import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { PERMISSIONS_POLICY } from '../../server/plugins/security-headers.ts';
import { BACKENDS, call, startServer, suiteServer, suiteStaticDir } from './helpers.ts';

const STYLE = 'html, body { margin: 0; }';
const SCRIPT = "document.documentElement.setAttribute('data-theme', 'dark');";

describe('security headers on every answer', () => {
  const staticDir = suiteStaticDir({
    'index.html': `<!doctype html><title>md</title><script>${SCRIPT}</script><style>${STYLE}</style><script type="module" src="/assets/index-abc.js"></script>`,
    'assets/index-abc.js': 'console.log(1);',
    '.build-stamp': 'secret build facts',
    '.env': 'MD_SIGNING_KEY=nope',
  });
  const server = suiteServer(() => ({ backend: BACKENDS[0]!, env: { STATIC_DIR: staticDir.path } }));

  const get = (url: string, accept = '*/*') => server.app.inject({ method: 'GET', url, headers: { accept } });

  function expectLockedDown(res: LightMyRequestResponse, what: string): void {
    const csp = String(res.headers['content-security-policy']);
    expect(csp, what).toContain("default-src 'self'");
    // The first-paint theme script by its hash, and nothing else inline.
    expect(csp, what).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}';`);
    expect(csp, what).toContain("worker-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).not.toMatch(/unsafe-eval|unsafe-inline/);
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
    expect(res.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
  }

  it('locks down HTML, assets, health, OpenAPI, media and API answers alike', async () => {
    const signed = await call(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 1 } });
    const unsigned = await server.app.inject({ method: 'POST', url: API.videoList, payload: {} });
    const answers: [string, LightMyRequestResponse][] = [
      ['index', await get('/', 'text/html')],
      ['client route', await get('/videoDetails?id=1', 'text/html')],
      ['asset', await get('/assets/index-abc.js')],
      ['health', await get('/healthz')],
      ['openapi', await get('/openapi.json')],
      ['image', await get('/media/img/covers/1001.png')],
      ['missing image', await get('/media/img/covers/none.png')],
      ['video', await get('/media/video/clip-1/manifest.mpd')],
      ['signed API', signed.res],
      ['unsigned API (401)', unsigned],
      ['unknown API (404)', (await call(server.app, '/api/app/nope', { body: {} })).res],
    ];
    for (const [what, res] of answers) expectLockedDown(res, what);
    expect(answers[5]![1].headers['content-type']).toBe('application/octet-stream');
    expect(unsigned.statusCode).toBe(401);
  });

  it('allows the inline first-paint style by its hash only', async () => {
    const hash = createHash('sha256').update(STYLE).digest('base64');
    expect(String((await get('/', 'text/html')).headers['content-security-policy'])).toContain(`style-src 'self' 'sha256-${hash}'`);
  });

  it('serves no dotfiles', async () => {
    for (const path of ['/.build-stamp', '/.env', '/assets/../.env', '/media/img/.hidden', '/media/video/.x']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('secret build facts');
      expect(res.body, path).not.toContain('MD_SIGNING_KEY');
    }
  });

  it('adds the PUBLIC_URL origin where media loads, and HSTS only over https', async () => {
    const cdn = await startServer({ backend: BACKENDS[0]!, env: { STATIC_DIR: staticDir.path, PUBLIC_URL: 'https://media.example' } });
    try {
      const res = await cdn.app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' blob: data: https://media.example");
      expect(csp).toContain("media-src 'self' blob: https://media.example");
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await cdn.close();
    }
    expect((await get('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});
