import { runInNewContext } from 'node:vm';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { preloadScript, routeAssets } from '../../../scripts/route-preload.ts';
import { browserLocale } from '../../../src/i18n/index.ts';

type Link = { rel: string; as?: string; href: string; crossOrigin?: string; type?: string; src?: string };

function chunk(
  fileName: string,
  options: { entry?: boolean; dynamic?: boolean; facade?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] },
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: options.entry ?? false,
    isDynamicEntry: options.dynamic ?? false,
    facadeModuleId: options.facade ?? null,
    imports: options.imports ?? [],
    dynamicImports: options.dynamicImports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  };
}

const bundle = {
  'assets/index.js': chunk('assets/index.js', { entry: true, imports: ['assets/app.js'], css: ['assets/index.css'] }),
  'assets/app.js': chunk('assets/app.js', { css: ['assets/app.css'] }),
  'assets/home.js': chunk('assets/home.js', {
    dynamic: true,
    facade: '/p/src/routes/index.tsx?tsr-split=component',
    imports: ['assets/app.js', 'assets/common.js'],
    css: ['assets/home.css'],
  }),
  'assets/video.js': chunk('assets/video.js', {
    dynamic: true,
    facade: '/p/src/routes/videoDetails.tsx?tsr-split=component',
    imports: ['assets/common.js'],
    dynamicImports: ['assets/shaka-player.dash-1.js', 'assets/share.js'],
  }),
  'assets/reviews.js': chunk('assets/reviews.js', { dynamic: true, facade: '/p/src/routes/nav/reviews.tsx?tsr-split=component' }),
  'assets/root.js': chunk('assets/root.js', { dynamic: true, facade: '/p/src/routes/__root.tsx?tsr-split=component' }),
  'assets/common.js': chunk('assets/common.js', { imports: ['assets/app.js'], css: ['assets/common.css'] }),
  'assets/shaka-player.dash-1.js': chunk('assets/shaka-player.dash-1.js', { dynamic: true }),
  'assets/share.js': chunk('assets/share.js', { dynamic: true }),
} as unknown as OutputBundle;

/** Runs the script as index.html would, at `pathname`, and returns the links it added. */
function run(
  script: string,
  pathname: string,
  controlled: boolean,
  languages: string[] = ['zh-CN'],
  stored: string | null = null,
  innerWidth = 1280,
  readyState = 'complete',
) {
  const links: Link[] = [];
  const parsed: (() => void)[] = [];
  const sandbox = {
    location: { pathname },
    localStorage: { getItem: (key: string) => (key === 'md-app' ? stored : null) },
    navigator: { serviceWorker: { controller: controlled ? {} : null }, languages },
    Worker: class {
      constructor(
        readonly url: string,
        readonly options: unknown,
      ) {}
    },
    document: {
      createElement: () => ({}) as Link,
      createDocumentFragment: () => {
        const children: Link[] = [];
        return { children, appendChild: (link: Link) => children.push(link) };
      },
      // A fragment's links go in as it is inserted, in their order.
      head: { appendChild: (node: Link | { children: Link[] }) => ('children' in node ? links.push(...node.children) : links.push(node)) },
      querySelector: () => null,
      readyState,
      addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && parsed.push(listener),
    },
    window: { innerWidth } as { __mdCryptoWorker?: { url: string }; innerWidth: number },
  };
  runInNewContext(script, sandbox);
  return { links, worker: sandbox.window.__mdCryptoWorker, parsed };
}

describe('route preloads in index.html', () => {
  const routes = routeAssets(bundle, new Set(['assets/index.js', 'assets/app.js', 'assets/index.css', 'assets/app.css']));

  it("lists each page's chunks, their imports and CSS, and the player, without what the entry loads", () => {
    expect(routes.get('/')).toEqual(['assets/home.js', 'assets/home.css', 'assets/common.js', 'assets/common.css']);
    expect(routes.get('/videoDetails')).toEqual(['assets/video.js', 'assets/common.js', 'assets/common.css', 'assets/shaka-player.dash-1.js']);
    expect(routes.get('/nav/reviews')).toEqual(['assets/reviews.js']);
    // The root route is the entry's; lazily imported dialogs wait for their use.
    expect([...routes.keys()].sort()).toEqual(['/', '/nav/reviews', '/videoDetails']);
  });

  it('adds module preloads and style preloads with the loader credentials, and starts the crypto worker when no service worker controls the page', () => {
    const script = preloadScript(routes, '/', 'assets/crypto.worker-1.js');
    const { links, worker } = run(script, '/videoDetails/', false);
    expect(links.map((l) => [l.rel, l.as ?? null, l.href, l.crossOrigin])).toEqual([
      // The worker's script first: fetched by the worker itself it would come last, at the lowest priority.
      ['modulepreload', null, '/assets/crypto.worker-1.js', ''],
      ['modulepreload', null, '/assets/video.js', ''],
      ['modulepreload', null, '/assets/common.js', ''],
      ['preload', 'style', '/assets/common.css', ''],
      ['modulepreload', null, '/assets/shaka-player.dash-1.js', ''],
    ]);
    expect(worker?.url).toBe('/assets/crypto.worker-1.js');
  });

  it("leaves the player out on a phone's first visit (it waits for the poster there), not on a desktop or with the service worker", () => {
    const script = preloadScript(routes, '/', 'assets/crypto.worker-1.js');
    const player = (controlled: boolean, width: number) =>
      run(script, '/videoDetails', controlled, ['zh-CN'], null, width).links.some((l) => l.href.includes('shaka'));
    expect(player(false, 375)).toBe(false);
    expect(player(false, 824)).toBe(false);
    expect(player(false, 825)).toBe(true);
    expect(player(true, 375)).toBe(true);
    expect(run(script, '/videoDetails', false, ['zh-CN'], null, 375).links.map((l) => l.href)).toEqual([
      '/assets/crypto.worker-1.js',
      '/assets/video.js',
      '/assets/common.js',
      '/assets/common.css',
    ]);
  });

  it('asks for the entry and its preloads at once, and runs the entry once the document is parsed', () => {
    const script = preloadScript(routes, '/', null, null, null, { script: '/assets/index.js', preloads: ['/assets/app.js'] });
    const loading = run(script, '/', true, ['zh-CN'], null, 1280, 'loading');
    const hrefs = (links: Link[]) => links.map((l) => [l.rel ?? l.type, l.href ?? l.src]);
    expect(hrefs(loading.links)).toEqual([
      ['modulepreload', '/assets/index.js'],
      ['modulepreload', '/assets/app.js'],
      ['modulepreload', '/assets/home.js'],
      ['preload', '/assets/home.css'],
      ['modulepreload', '/assets/common.js'],
      ['preload', '/assets/common.css'],
    ]);
    expect(loading.parsed).toHaveLength(1);
    loading.parsed[0]!();
    expect(loading.links.at(-1)).toEqual({ type: 'module', crossOrigin: '', src: '/assets/index.js' });
    // Run after the parse (a reinserted head script, say): the entry goes in at once.
    const parsed = run(script, '/', true);
    expect(parsed.parsed).toHaveLength(0);
    expect(parsed.links.at(-1)).toEqual({ type: 'module', crossOrigin: '', src: '/assets/index.js' });
  });

  it('leaves the worker to the service worker when one controls the page, and adds nothing for an unknown address', () => {
    const script = preloadScript(routes, '/', 'assets/crypto.worker-1.js');
    expect(run(script, '/videoDetails', true).worker).toBeUndefined();
    expect(run(script, '/videoDetails', true).links).toHaveLength(4);
    expect(run(script, '/nowhere', true).links).toEqual([]);
  });

  it("adds the English catalogue for a visitor whose language is English, by the app's own choice of language", () => {
    const script = preloadScript(routes, '/', null, 'assets/en-1.js');
    const english = (languages: string[], stored: string | null = null) =>
      run(script, '/', true, languages, stored).links.some((link) => link.href === '/assets/en-1.js' && link.rel === 'modulepreload');
    expect(english(['zh-CN', 'en'])).toBe(false);
    expect(english(['zh-TW'])).toBe(false);
    expect(english(['en-US', 'zh-CN'])).toBe(true);
    expect(english(['fr-FR', 'zh-CN'])).toBe(false);
    expect(english(['fr-FR'])).toBe(true);
    expect(english([])).toBe(false);
    // The script repeats the app's own choice (it runs before any module): the two agree.
    for (const languages of [['zh-CN', 'en'], ['ZH-hk'], ['en-GB'], ['fr-FR', 'en-US'], ['fr-FR', 'zh-CN'], ['de'], []])
      expect(english(languages)).toBe(browserLocale(languages) === 'en');
    // The visitor's own choice wins over the browser's; a broken store falls back to the browser's.
    expect(english(['zh-CN'], JSON.stringify({ locale: 'en' }))).toBe(true);
    expect(english(['en-US'], JSON.stringify({ locale: 'zh-CN' }))).toBe(false);
    expect(english(['en-US'], '{broken')).toBe(true);
    // Nothing for an unknown address but the catalogue itself.
    expect(run(script, '/nowhere', true, ['en']).links.map((l) => l.href)).toEqual(['/assets/en-1.js']);
  });

  it("adds the other pages' Chinese for a Chinese visitor on any page but home, and only the English catalogue for an English one", () => {
    const script = preloadScript(routes, '/', null, 'assets/en-1.js', 'assets/zh-CN.pages-1.js');
    const catalogues = (pathname: string, languages: string[], stored: string | null = null) =>
      run(script, pathname, true, languages, stored)
        .links.filter((link) => link.href.includes('/assets/en-1.js') || link.href.includes('/assets/zh-CN.pages-1.js'))
        .map((link) => [link.rel, link.href]);
    expect(catalogues('/videoDetails', ['zh-CN'])).toEqual([['modulepreload', '/assets/zh-CN.pages-1.js']]);
    expect(catalogues('/nav/reviews/', ['zh-TW'])).toEqual([['modulepreload', '/assets/zh-CN.pages-1.js']]);
    expect(catalogues('/nowhere', [])).toEqual([['modulepreload', '/assets/zh-CN.pages-1.js']]);
    // Home's words are in the entry.
    expect(catalogues('/', ['zh-CN'])).toEqual([]);
    expect(catalogues('/videoDetails', ['en-US'])).toEqual([['modulepreload', '/assets/en-1.js']]);
    expect(catalogues('/videoDetails', ['en-US'], JSON.stringify({ locale: 'zh-CN' }))).toEqual([['modulepreload', '/assets/zh-CN.pages-1.js']]);
    expect(catalogues('/', ['en-US'])).toEqual([['modulepreload', '/assets/en-1.js']]);
  });
});
