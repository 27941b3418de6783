import type { FastifyRequest } from 'fastify';

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin put in front of the media addresses: PUBLIC_URL; else, behind a proxy the operator
 * trusts (TRUST_PROXY), the forwarded or direct scheme and host of the request; else nothing, so
 * the addresses are same-origin paths. Request headers alone must never choose where clients
 * load media from: any caller can set Host and X-Forwarded-Host.
 */
export function originOf(request: FastifyRequest, publicUrl: string | null, trustProxy: boolean): string {
  if (publicUrl) return publicUrl;
  if (!trustProxy) return '';
  const proto = first(request.headers['x-forwarded-proto']) ?? request.protocol;
  const host = first(request.headers['x-forwarded-host']) ?? request.host;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return '';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

/** Where images and streams are served from, as ping/config's domain list gives them to clients. */
export const imageBase = (origin: string) => `${origin}/media/img`;
export const videoBase = (origin: string) => `${origin}/media/video`;

/**
 * The image and video base addresses clients are given: MEDIA_URL's /img and /video when media live
 * on a CDN or a static origin (which serves what MEDIA_DIR holds), else this site's /media paths.
 */
export function mediaBasesOf(
  request: FastifyRequest,
  config: { publicUrl: string | null; trustProxy: boolean; mediaUrl: string | null },
): { image: string; video: string } {
  if (config.mediaUrl) return { image: `${config.mediaUrl}/img`, video: `${config.mediaUrl}/video` };
  const origin = originOf(request, config.publicUrl, config.trustProxy);
  return { image: imageBase(origin), video: videoBase(origin) };
}
