import { brotliDecompressSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_WIDTH } from '../../server/media/og-image.ts';
import { SITE_DESCRIPTION, SITE_NAME, escapeHtml } from '../../server/plugins/share-meta.ts';
import { withHead } from '../../server/plugins/static-files.ts';
import { BACKENDS, suiteServer, suiteStaticDir } from './helpers.ts';

/** The build's head as index.html has it: the site's defaults, which a page's own replace. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#0f0f14" />
    <title>MD 视频</title>
    <meta name="description" content="build default" />
    <meta property="og:title" content="build default" />
  </head>
  <body><div id="app"></div></body>
</html>`;

/** The content of every `<meta {key}="{name}">` in order, unescaped. */
function metas(html: string, name: string): string[] {
  const unescape = (v: string) => v.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  return [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)].filter((m) => m[1] === name).map((m) => unescape(m[2]!));
}
const titles = (html: string) => [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]);

describe('link previews: a shared page answers with its own title, description, OpenGraph and Twitter tags', () => {
  const staticDir = suiteStaticDir({ 'index.html': INDEX, 'icons/icon-512.png': 'png' });
  const server = suiteServer(() => ({ backend: BACKENDS[0]!, env: { STATIC_DIR: staticDir.path } }));
  const db = () => server.app.ctx.database.db;
  const page = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host: 'share.example:8080', ...headers } });

  async function firstListedVideo() {
    return db().selectFrom('videos').select(['id', 'title', 'description', 'duration']).where('listed', '=', true).orderBy('id').executeTakeFirstOrThrow();
  }

  it("gives a video page the video's title, description, poster preview and card", async () => {
    const video = await firstListedVideo();
    const res = await page(`/videoDetails?id=${video.id}&from=home`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(titles(html)).toEqual([escapeHtml(`${video.title} - ${SITE_NAME}`)]);
    expect(metas(html, 'og:title')).toEqual([video.title]);
    expect(metas(html, 'description')).toHaveLength(1);
    expect(metas(html, 'description')[0]).toBe(video.description.replace(/\s+/g, ' ').trim().slice(0, 160) || video.title);
    expect(metas(html, 'og:type')).toEqual(['video.other']);
    expect(metas(html, 'video:duration')).toEqual([String(video.duration)]);
    // Absolute addresses on the host the link was opened at; the page's own address without extras.
    expect(metas(html, 'og:url')).toEqual([`http://share.example:8080/videoDetails?id=${video.id}`]);
    expect(metas(html, 'og:image')).toEqual([`http://share.example:8080/media/og/video/${video.id}.jpg`]);
    expect(metas(html, 'og:image:width')).toEqual([String(OG_WIDTH)]);
    expect(metas(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metas(html, 'twitter:image')).toEqual(metas(html, 'og:image'));
    // The rest of the build's head stays.
    expect(html).toContain('<meta name="theme-color" content="#0f0f14" />');
    expect(html).not.toContain('build default');
  });

  it('serves the preview picture as a plain JPEG of the advertised size, which any site may embed', async () => {
    const video = await firstListedVideo();
    const res = await server.app.inject({ method: 'GET', url: `/media/og/video/${video.id}.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: OG_WIDTH, height: OG_HEIGHT });
    // Made once: the second answer is the same bytes.
    expect((await server.app.inject({ method: 'GET', url: `/media/og/video/${video.id}.jpg` })).rawPayload.equals(res.rawPayload)).toBe(true);
    for (const url of [
      '/media/og/video/999999.jpg',
      '/media/og/video/abc.jpg',
      '/media/og/video/0.jpg',
      '/media/og/secret/1.jpg',
      '/media/og/video/..%2F1.jpg',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('escapes every injected value: a title with <>&"\' stays text', async () => {
    const video = await firstListedVideo();
    const nasty = `</title><script>alert("x")</script> & 'q' <b>`;
    await db().updateTable('videos').set({ title: nasty, description: `"><img src=x onerror=alert(1)>` }).where('id', '=', video.id).execute();
    try {
      const html = (await page(`/videoDetails?id=${video.id}`)).body;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain(`"x")`);
      expect(titles(html)).toEqual([escapeHtml(`${nasty} - ${SITE_NAME}`)]);
      expect(metas(html, 'og:title')).toEqual([nasty]);
      expect(metas(html, 'og:description')).toEqual([`"><img src=x onerror=alert(1)>`]);
    } finally {
      await db().updateTable('videos').set({ title: video.title, description: video.description }).where('id', '=', video.id).execute();
    }
  });

  it("falls back to the site's own preview for unknown, malformed or private pages, never a 500", async () => {
    const video = await firstListedVideo();
    await db().updateTable('videos').set({ listed: false }).where('id', '=', video.id).execute();
    try {
      const urls = [
        '/',
        '/videoDetails?id=999999',
        '/videoDetails?id=abc',
        '/videoDetails?id=0',
        '/videoDetails?id=-3',
        '/videoDetails?id=99999999999999999999',
        '/videoDetails?id=1%00',
        '/videoDetails',
        `/videoDetails?id=${video.id}`,
        '/actressPage?id=999999',
        '/postDetail?id=nope',
        '/tagDetails?tid=999999',
        '/tagDetails?tid=%E4%B8%AD',
      ];
      for (const url of urls) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(titles(res.body), url).toEqual([SITE_NAME]);
        expect(metas(res.body, 'og:type'), url).toEqual(['website']);
        expect(metas(res.body, 'description'), url).toEqual([SITE_DESCRIPTION]);
        expect(metas(res.body, 'og:image'), url).toEqual(['http://share.example:8080/icons/icon-512.png']);
        expect(metas(res.body, 'twitter:card'), url).toEqual(['summary']);
        expect(res.body, url).not.toContain(video.title);
      }
      // An unlisted work's picture is not served either.
      expect((await server.app.inject({ method: 'GET', url: `/media/og/video/${video.id}.jpg` })).statusCode).toBe(404);
    } finally {
      await db().updateTable('videos').set({ listed: true }).where('id', '=', video.id).execute();
    }
  });

  it('gives creator, post and tag pages their own cards', async () => {
    const actress = await db().selectFrom('actresses').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const actressPage = (await page(`/actressPage?id=${actress.id}`)).body;
    expect(titles(actressPage)).toEqual([escapeHtml(`${actress.name} - ${SITE_NAME}`)]);
    expect(metas(actressPage, 'og:type')).toEqual(['profile']);
    const [actressImage] = metas(actressPage, 'og:image');
    expect(actressImage).toBe(`http://share.example:8080/media/og/actress/${actress.id}.jpg`);
    expect((await server.app.inject({ method: 'GET', url: new URL(actressImage!).pathname })).headers['content-type']).toBe('image/jpeg');

    const post = await db()
      .selectFrom('posts')
      .select(['id', 'title'])
      .where('status', '=', 'published')
      .where('price', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const postPage = (await page(`/postDetail?id=${post.id}`)).body;
    expect(metas(postPage, 'og:title')).toEqual([post.title]);
    expect(metas(postPage, 'og:type')).toEqual(['article']);

    const tag = await db().selectFrom('tags').select(['id', 'name']).where('content_type', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const tagPage = (await page(`/tagDetails?tid=${tag.id}&sort=1`)).body;
    expect(metas(tagPage, 'og:title')).toEqual([`#${tag.name}`]);
    expect(metas(tagPage, 'og:url')).toEqual([`http://share.example:8080/tagDetails?tid=${tag.id}`]);
  });

  it("never previews a locked paid post's images", async () => {
    const paid = await db()
      .selectFrom('posts')
      .select(['id', 'images', 'content'])
      .where('status', '=', 'published')
      .where('price', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const html = (await page(`/postDetail?id=${paid.id}`)).body;
    for (const image of paid.images) expect(html).not.toContain(image.path);
    const [description] = metas(html, 'og:description');
    expect([...description!].length).toBeLessThan([...paid.content].length);
    const picture = await server.app.inject({ method: 'GET', url: `/media/og/post/${paid.id}.jpg` });
    if (picture.statusCode === 200) {
      // Its picture, when it has one, is its video's poster, not one of its own images.
      expect(metas(html, 'og:image')).toEqual([`http://share.example:8080/media/og/post/${paid.id}.jpg`]);
      const video = await db().selectFrom('posts').select('video_id').where('id', '=', paid.id).executeTakeFirstOrThrow();
      expect(video.video_id).not.toBeNull();
    } else {
      expect(picture.statusCode).toBe(404);
    }
  });

  it('answers a crawler that accepts anything with the HTML of shared pages only, compressed like the rest', async () => {
    const video = await firstListedVideo();
    for (const accept of ['*/*', '']) {
      const res = await page(`/videoDetails?id=${video.id}`, { accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await page('/FAQ', { accept: '*/*' })).statusCode).toBe(404);
    const plain = await page(`/videoDetails?id=${video.id}`);
    const br = await page(`/videoDetails?id=${video.id}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps to the site origin of PUBLIC_URL-less deployments and refuses a malformed Host', async () => {
    const res = await page('/', { host: 'evil.example/"><script>' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
    expect(metas(res.body, 'og:image')).toEqual(['/icons/icon-512.png']);
  });
});

describe('withHead', () => {
  it("replaces the build's title and same-named tags, keeping the others", () => {
    const html = '<head>\n  <title>a</title>\n  <meta name="description" content="x" />\n  <meta name="viewport" content="v" />\n</head><body></body>';
    const out = withHead(html, '<title>b</title>\n<meta name="description" content="y" />');
    expect(titles(out)).toEqual(['b']);
    expect(metas(out, 'description')).toEqual(['y']);
    expect(metas(out, 'viewport')).toEqual(['v']);
    // A hint without a title keeps the build's.
    expect(titles(withHead(html, '<meta name="md-poster" content="1" />'))).toEqual(['a']);
  });

  it("puts the page's tags right after the charset, before the head's first script, which reads the poster's", () => {
    const html = '<head>\n    <meta charset="UTF-8" />\n    <title>a</title>\n    <script>first()</script>\n</head><body></body>';
    const out = withHead(html, '<meta name="md-poster" content="1" />');
    expect(out.indexOf('<meta charset="UTF-8" />')).toBe(out.indexOf('<head>') + '<head>\n    '.length);
    expect(out.indexOf('md-poster')).toBeGreaterThan(out.indexOf('charset'));
    expect(out.indexOf('md-poster')).toBeLessThan(out.indexOf('<script>'));
    // Without a charset (not the build's index.html), at the end of the head as before.
    expect(withHead('<head><script>x()</script></head><body></body>', '<meta name="md-poster" content="1" />')).toBe(
      '<head><script>x()</script><meta name="md-poster" content="1" />\n  </head><body></body>',
    );
  });
});
