import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { OG_HEIGHT, OG_WIDTH, ogImages, type OgImages } from '../media/og-image.ts';
import { originOf } from './origin.ts';
import type { PageHint } from './page-hints.ts';

/** The site's own name and line: the tab title and the preview of any page without its own. */
export const SITE_NAME = 'MD 视频';
export const SITE_DESCRIPTION = 'MD 视频：精选短片、演员、影评和讨论，手机和电脑都能看，看过的页面离线也能打开。';
/** The picture of a preview without one of its own: the app's icon (square, so a small card). */
const SITE_IMAGE = { path: '/icons/icon-512.png', width: 512, height: 512 };
const DESCRIPTION_MAX = 160;

/**
 * Pages a shared link may point at, answered with their own title, description and OpenGraph and
 * Twitter card tags (link previews; crawlers run no service worker and no script, so the server's
 * HTML is all they see). Also answered as HTML to a crawler that accepts anything.
 */
export const SHARE_PAGES = /^\/(?:videoDetails|actressPage|postDetail|tagDetails)?(?:\?|$)/;

/** The preview pictures: /media/og/<kind>/<id>.jpg, plain JPEG made from the masked image. */
const OG_IMAGE_ROUTE = '/media/og/:kind/:file';
type OgKind = 'video' | 'actress' | 'post';

interface ShareCard {
  title: string;
  description: string;
  /** og:type */
  type: 'website' | 'video.other' | 'profile' | 'article';
  /** The page's own address (path and the query that names it), for og:url and the canonical link. */
  path: string;
  /** A preview picture of /media/og, or none for the site's icon. */
  image?: { kind: OgKind; id: number };
  /** video:duration, seconds */
  duration?: number;
}

/** Text for an attribute or an element: every character HTML gives a meaning escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of at most DESCRIPTION_MAX characters (whole characters, not UTF-16 halves). */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > DESCRIPTION_MAX ? `${chars.slice(0, DESCRIPTION_MAX - 1).join('')}…` : line;
}

/** A positive id of at most nine digits, else null (no query for nonsense). */
function idOf(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * The site's own origin for absolute addresses (og:url, og:image): the trusted proxy's forwarded
 * one, else the Host the request came to. A forged Host changes only the forger's own answer,
 * which no shared cache keeps (the HTML is no-cache and its compressed copies are keyed by it).
 */
function siteOrigin(request: FastifyRequest, trustProxy: boolean): string {
  const forwarded = originOf(request, null, trustProxy);
  if (forwarded) return forwarded;
  const host = request.host;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return '';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The picture each kind of page previews with, by the same visibility rules as its page. */
function imageSources(ctx: AppContext): Record<OgKind, (id: number) => Promise<string | undefined>> {
  return {
    video: async (id) => (await ctx.catalogue.shareCard(id))?.poster,
    actress: async (id) => {
      const actress = await ctx.content.actressDetail(id, null);
      return actress ? actress.cover || actress.avatar : undefined;
    },
    // A guest's view: a locked paid post has no images, and an unlisted video is no picture.
    post: async (id) => {
      const post = await ctx.posts.detail(id, 0);
      if (!post) return undefined;
      if (post.images[0]) return post.images[0].image;
      return post.videoId ? (await ctx.catalogue.shareCard(post.videoId))?.poster : undefined;
    },
  };
}

async function cardOf(ctx: AppContext, images: OgImages, url: URL): Promise<ShareCard | null> {
  const sources = imageSources(ctx);
  const picture = async (kind: OgKind, id: number) => {
    const source = await sources[kind](id);
    return source && (await images.has(source)) ? { kind, id } : undefined;
  };
  const query = url.searchParams;
  switch (url.pathname) {
    case '/videoDetails': {
      const id = idOf(query.get('id'));
      const video = id ? await ctx.catalogue.shareCard(id) : undefined;
      if (!id || !video) return null;
      return {
        title: video.title,
        description: video.description || video.title,
        type: 'video.other',
        path: `/videoDetails?id=${id}`,
        image: (await images.has(video.poster)) ? { kind: 'video', id } : undefined,
        duration: video.duration,
      };
    }
    case '/actressPage': {
      const id = idOf(query.get('id'));
      const actress = id ? await ctx.content.actressDetail(id, null) : undefined;
      if (!id || !actress) return null;
      return {
        title: actress.name,
        description: actress.intro || actress.bio || `${actress.name}：${actress.videoCount} 个视频`,
        type: 'profile',
        path: `/actressPage?id=${id}`,
        image: await picture('actress', id),
      };
    }
    case '/postDetail': {
      const id = idOf(query.get('id'));
      const post = id ? await ctx.posts.detail(id, 0) : undefined;
      if (!id || !post) return null;
      return { title: post.title, description: post.content || post.title, type: 'article', path: `/postDetail?id=${id}`, image: await picture('post', id) };
    }
    case '/tagDetails': {
      const tid = idOf(query.get('tid'));
      const tag = tid ? await ctx.content.tag(tid) : undefined;
      if (!tid || !tag) return null;
      const creators = tag.contentType === 8;
      // The tag's most watched video (or most followed creator) lends its picture.
      const top = creators
        ? (await ctx.content.actressList({ tid, sort: 'hot', offset: 0, limit: 1 })).list[0]
        : (await ctx.content.videosByTag({ tid }, 'hot', 0, 1)).list[0];
      return {
        title: `#${tag.name}`,
        description: creators ? `标签「${tag.name}」下的 ${tag.count} 位演员` : `标签「${tag.name}」下的 ${tag.count} 个视频`,
        type: 'website',
        path: `/tagDetails?tid=${tid}${creators ? '&contentType=8' : ''}`,
        image: top ? await picture(creators ? 'actress' : 'video', top.id) : undefined,
      };
    }
    default:
      return null;
  }
}

/** The tags of one page's head: its own card, or the site's when `card` is null. */
export function shareHead(card: ShareCard | null, origin: string): string {
  const title = card ? `${card.title} - ${SITE_NAME}` : SITE_NAME;
  const description = oneLine(card?.description ?? SITE_DESCRIPTION);
  const url = `${origin}${card?.path ?? '/'}`;
  const image = card?.image
    ? { url: `${origin}/media/og/${card.image.kind}/${card.image.id}.jpg`, width: OG_WIDTH, height: OG_HEIGHT, type: 'image/jpeg' }
    : { url: `${origin}${SITE_IMAGE.path}`, width: SITE_IMAGE.width, height: SITE_IMAGE.height, type: 'image/png' };
  const meta = (key: 'name' | 'property', name: string, content: string | number) => `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', card?.type ?? 'website'),
    meta('property', 'og:title', card?.title ?? SITE_NAME),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'zh_CN'),
    meta('property', 'og:image', image.url),
    meta('property', 'og:image:type', image.type),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
    meta('property', 'og:image:alt', card?.title ?? SITE_NAME),
    ...(card?.duration ? [meta('property', 'video:duration', card.duration)] : []),
    meta('name', 'twitter:card', card?.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card?.title ?? SITE_NAME),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
  ].join('\n    ');
}

/**
 * The head of a shared page (SHARE_PAGES): its own card for a known, visible item, the site's
 * for home and for anything unknown, malformed or failing (a preview never costs a 500).
 */
export function shareMetaHint(ctx: AppContext, images: OgImages): PageHint {
  return async (request) => {
    if (!SHARE_PAGES.test(request.url)) return null;
    const url = new URL(request.url, 'http://localhost');
    const card = await cardOf(ctx, images, url).catch((error: unknown) => {
      request.log.warn({ err: error }, 'share card failed');
      return null;
    });
    return shareHead(card, siteOrigin(request, ctx.config.trustProxy));
  };
}

/**
 * /media/og/<video|actress|post>/<id>.jpg: the preview picture of a page that may be shared, a
 * plain JPEG any site may embed (a link preview is drawn by other sites), found by the page's
 * own visibility rules: nothing for a private work or a locked post's images.
 */
export async function registerShareImages(app: FastifyInstance, ctx: AppContext): Promise<OgImages> {
  const images = ogImages(ctx.config.mediaDir, ctx.config.keys.imageKey);
  const sources = imageSources(ctx);
  app.get(OG_IMAGE_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const { kind, file } = request.params as { kind: string; file: string };
    const id = idOf(/^(\d+)\.jpg$/.exec(file)?.[1] ?? null);
    if (!id || !Object.hasOwn(sources, kind)) return reply.callNotFound();
    const source = await sources[kind as OgKind](id);
    const jpeg = source ? await images.jpeg(source) : null;
    if (!jpeg) return reply.callNotFound();
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').header('cross-origin-resource-policy', 'cross-origin').send(jpeg);
  });
  return images;
}
