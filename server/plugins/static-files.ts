import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from './media-files.ts';

const NOT_SPA = /^\/(api|media)(\/|$)|^\/(healthz|openapi\.json)(\?|$)/;

/**
 * The built PWA. sw.js and index.html must revalidate on every load so an update reaches users;
 * hashed /assets/* never change.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  // Without a build there is nothing to serve; the fallback explains how to make one.
  if (!existsSync(staticDir)) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    // The build writes .br and .gz beside every text file (scripts/precompress.ts); the one the
    // client accepts is sent with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    // Files such as .build-stamp are the build's own, never the site's.
    dotfiles: 'ignore',
    serveDotFiles: false,
    setHeaders: (res, path) => {
      // With a precompressed copy, `path` names the .br or .gz file: the rules go by the original.
      const rel = path
        .slice(staticDir.length)
        .replace(/\\/g, '/')
        .replace(/\.(br|gz)$/, '');
      // Caches must keep the brotli, gzip and plain answers apart.
      res.setHeader('vary', 'Accept-Encoding');
      if (rel.startsWith('/assets/')) res.setHeader('cache-control', IMMUTABLE);
      else if (rel === '/sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) res.setHeader('cache-control', 'no-cache');
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
}

/** The SPA fallback: an HTML navigation to any client route gets index.html. */
export function spaFallback(staticDir: string) {
  const index = join(staticDir, 'index.html');
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (NOT_SPA.test(request.url)) return null;
    if (!existsSync(index) || !reply.sendFile) {
      if (request.url === '/' || request.url.startsWith('/?')) {
        return reply
          .code(200)
          .type('text/plain; charset=utf-8')
          .send('The PWA is not built yet: run `npm run build` (or `npm start`, which builds it), then reload.\n');
      }
      return null;
    }
    if (!(request.headers.accept ?? '').includes('text/html')) return null;
    return reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
  };
}
