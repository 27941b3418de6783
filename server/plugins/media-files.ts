import { mkdirSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readImageFor, requestedWidth } from '../media/variants.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const MANIFEST_CACHE = 'public, max-age=300';

/**
 * Resolves a request path inside root, or null when it tries to leave it or names a hidden
 * file. Only the request's own segments are judged: the media folder itself may well sit under a
 * dot-folder such as .data-test-e2e.
 */
function inside(root: string, relative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
  const full = normalize(join(root, decoded));
  return full.startsWith(root + sep) ? full : null;
}

/**
 * /media/img/* answers the stored masked bytes as they are (application/octet-stream), at the width
 * `?w=` asks for; the client unmasks. /media/video/* serves DASH manifests, fMP4 segments (with Range
 * support) and WebVTT captions.
 */
export async function registerMediaFiles(app: FastifyInstance, mediaDir: string, options: { crossOrigin?: boolean } = {}): Promise<void> {
  if (options.crossOrigin) {
    // MEDIA_URL: a CDN pulls these files from the instances and the pages of the site's own origin
    // fetch them from the CDN (the service worker, the crypto worker and shaka all use CORS
    // requests), so the answers say any origin may read them: they are public, and images are masked.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/media/')) return;
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'content-length, content-range, accept-ranges');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    });
    // A Range the browser does not count as simple asks first.
    app.options('/media/*', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD')
        .header('access-control-allow-headers', 'range')
        .header('access-control-max-age', '86400')
        .send(),
    );
  }
  const imgRoot = join(mediaDir, 'img');
  // Plain files, described by PROTOCOL.md (Images), not operations of the API document.
  app.get('/media/img/*', { schema: { hide: true } }, async (request, reply) => {
    const path = inside(imgRoot, (request.params as { '*': string })['*']);
    if (!path) return reply.callNotFound();
    // ?w= asks for the narrowest stored width that fills that many device pixels (server/media/variants.ts).
    const bytes = await readImageFor(path, requestedWidth(request.query));
    if (!bytes) return reply.callNotFound();
    return reply.header('content-type', 'application/octet-stream').header('cache-control', IMMUTABLE).send(bytes);
  });

  const videoRoot = join(mediaDir, 'video');
  mkdirSync(videoRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: videoRoot,
    prefix: '/media/video/',
    decorateReply: false,
    wildcard: true,
    index: false,
    cacheControl: false,
    dotfiles: 'ignore',
    acceptRanges: true,
    // manifest.mpd.br / .gz, written beside each manifest when its clip is encoded.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Manifests and captions are text a new version of the clip may change; segments never change.
      res.setHeader('cache-control', path.endsWith('.mpd') || path.endsWith('.vtt') ? MANIFEST_CACHE : IMMUTABLE);
      if (path.endsWith('.m4s')) res.setHeader('content-type', 'video/iso.segment');
      if (path.endsWith('.vtt')) res.setHeader('content-type', 'text/vtt; charset=utf-8');
    },
  });
}
