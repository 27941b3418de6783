import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** What the page may use of browser features: the player's fullscreen and picture-in-picture only. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), fullscreen=(self), picture-in-picture=(self)';

/** The hashes of the built index.html's inline elements of one kind: its first-paint colours (<style>) and theme (<script>). */
function inlineHashes(staticDir: string, element: 'style' | 'script'): string[] {
  const index = join(staticDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  // Only elements without attributes: a <script src> or <script type="module"> is a file of this origin.
  const inline = new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g');
  return [...html.matchAll(inline)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * Headers on every answer (HTML, API, media, errors): a Content-Security-Policy that lets scripts,
 * workers and the service worker come only from this origin (no inline script but index.html's
 * theme script by its hash, no eval), nosniff,
 * no framing, a referrer policy, COOP, CORP and a Permissions-Policy. Media from PUBLIC_URL's
 * origin and from MEDIA_URL's, when those are other origins, is allowed where images, video and
 * connections load.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  // PUBLIC_URL's origin and MEDIA_URL's (a CDN or static origin of the media), when set.
  const media = [...new Set([config.publicUrl, config.mediaUrl].filter((u): u is string => u !== null).map((u) => new URL(u).origin))];
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The first-paint theme script of index.html (src/lib/theme.ts) by its hash; nothing else inline.
        scriptSrc: ["'self'", ...inlineHashes(config.staticDir, 'script')],
        // The crypto worker is a module script of this origin; the service worker likewise.
        workerSrc: ["'self'"],
        // Unmasked images reach <img> as blob: URLs when no service worker controls the page.
        imgSrc: ["'self'", 'blob:', 'data:', ...media],
        // shaka plays through MediaSource, whose object URLs are blob:.
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: ["'self'", ...media],
        styleSrc: ["'self'", ...inlineHashes(config.staticDir, 'style')],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: media.length > 0 ? 'same-site' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets for these options, worked out once: they are the same on every answer
 * (the Fastify plugin built helmet anew per request, parsing the policy each time).
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
