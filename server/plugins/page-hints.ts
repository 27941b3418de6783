import type { FastifyRequest } from 'fastify';
import type { CatalogueRepository } from '../db/repositories/catalogue.ts';
import { mediaBasesOf } from './origin.ts';

/** HTML to put in a page's head for one navigation, or null when the page has none. */
export type PageHint = (request: FastifyRequest) => Promise<string | null>;

const VIDEO_PAGE = /^\/videoDetails\?(?:.*&)?id=(\d{1,9})(?:&|$)/;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The video page's poster, named in the HTML (`<meta name="md-poster">`) so a first visit asks
 * the crypto worker for it as soon as the page's script runs, instead of after the app config,
 * the guest session and the video's detail (src/features/video/poster-hint.ts). Its largest
 * image then no longer waits on three API round trips. The image stays masked: the hint is only
 * its address, the same one the detail's answer leads to.
 */
export function videoPosterHint(catalogue: CatalogueRepository, config: { publicUrl: string | null; trustProxy: boolean; mediaUrl: string | null }): PageHint {
  return async (request) => {
    const match = VIDEO_PAGE.exec(request.url);
    if (!match) return null;
    const id = Number(match[1]);
    const poster = id > 0 ? await catalogue.posterOf(id).catch(() => undefined) : undefined;
    if (!poster?.path) return null;
    const base = mediaBasesOf(request, config).image;
    return `<meta name="md-poster" content="${id}" data-base="${escapeAttribute(base)}" data-path="${escapeAttribute(poster.path)}" data-width="${poster.width}" data-height="${poster.height}" />`;
  };
}
