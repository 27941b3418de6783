import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE } from './media-files.ts';
import type { PageHint } from './page-hints.ts';

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

/** index.html as built, read again only when the build replaces it. */
function indexReader(index: string): () => string {
  let cached: { mtime: number; html: string } | null = null;
  return () => {
    const mtime = statSync(index).mtimeMs;
    if (cached?.mtime !== mtime) cached = { mtime, html: readFileSync(index, 'utf8') };
    return cached.html;
  };
}

/** The key of a head element that a page's own replaces: `title`, `name=description`, `property=og:title`… */
const headKeys = (head: string) => new Set([...head.matchAll(/<title>|<meta\s+(?:name|property)="([^"]+)"|<link\s+rel="canonical"/g)].map((m) => m[1] ?? m[0]));

/**
 * `html` with `head` added at the start of its head, after the charset (the build's index.html
 * always has one); the build's own title and meta tags of the same names (the site's defaults) give
 * way to the page's.
 */
export function withHead(html: string, head: string): string {
  const own = headKeys(head);
  const kept = html.replace(
    /[ \t]*(<title>[\s\S]*?<\/title>|<meta\s+(?:name|property)="([^"]+)"[^>]*>|<link\s+rel="canonical"[^>]*>)\s*?\n?/g,
    (whole, element: string, name?: string) => (own.has(name ?? (element.startsWith('<title>') ? '<title>' : '<link rel="canonical"')) ? '' : whole),
  );
  // Right after the charset: before the head's scripts, so that index.html's first script can read
  // the page's hints (the video page's poster, scripts/boot-poster.ts).
  const charset = /<meta\s+charset=[^>]*>[ \t]*\n?/i.exec(kept);
  if (charset) {
    const at = charset.index + charset[0].length;
    return `${kept.slice(0, at)}    ${head}\n${kept.slice(at)}`;
  }
  const end = kept.search(/<\/head>|<body/i);
  return end < 0 ? kept + head : kept.slice(0, end) + head + '\n  ' + kept.slice(end);
}

/**
 * Compressed copies of the hinted pages, by encoding and the whole page: a page shared widely, or
 * home, is compressed once, not per request (a few kilobytes each, a few hundred pages).
 */
const hintedCopies = new LRUCache<string, Buffer>({ max: 500, maxSize: 4 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

/** A page's HTML with its hint, compressed for the client like the build's own copies. */
function sendHinted(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
  if (!encoding) return reply.send(Buffer.from(html));
  const key = `${encoding}\n${html}`;
  let body = hintedCopies.get(key);
  if (!body) {
    const plain = Buffer.from(html);
    // A couple of kilobytes: compressing it costs well under a millisecond.
    body = encoding === 'br' ? brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(plain);
    hintedCopies.set(key, body);
  }
  return reply.header('content-encoding', encoding).send(body);
}

/** Hints that each add to a page's head, run side by side; null when none has anything. */
export function allHints(...hints: PageHint[]): PageHint {
  return async (request) => {
    const heads = (await Promise.all(hints.map((hint) => hint(request)))).filter((head): head is string => head !== null);
    return heads.length > 0 ? heads.join('\n    ') : null;
  };
}

/**
 * The SPA fallback: an HTML navigation to any client route gets index.html; with a page hint
 * for the route (server/plugins/page-hints.ts, share-meta.ts), the hint goes into its head.
 * `htmlForAnyone`: routes answered as HTML to a request that accepts anything.
 */
export function spaFallback(staticDir: string, hint?: PageHint, htmlForAnyone?: RegExp) {
  const index = join(staticDir, 'index.html');
  const readIndex = indexReader(index);
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> | null => {
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
    const accept = request.headers.accept ?? '';
    // Link-preview crawlers often accept anything (or send no Accept): the pages they read are HTML to them too.
    const html = accept.includes('text/html') || (htmlForAnyone?.test(request.url) === true && (accept === '' || accept.includes('*/*')));
    if (!html) return null;
    const plain = () => reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
    if (!hint) return plain();
    return hint(request).then((head) => (head ? sendHinted(request, reply, withHead(readIndex(), head)) : plain()));
  };
}
