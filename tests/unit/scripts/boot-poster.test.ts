import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_WAIT_MS, BOOT_POSTER_ID } from '../../../scripts/boot-poster.ts';
import { preloadScript } from '../../../scripts/route-preload.ts';

type Element = {
  tagName: string;
  id?: string;
  className?: string;
  src?: string;
  alt?: string;
  type?: string;
  onload?: () => void;
  onerror?: () => void;
  parentNode?: Element | null;
  children: Element[];
  attributes: Record<string, string>;
};

function element(tagName: string): Element {
  const el: Element = { tagName, children: [], attributes: {}, parentNode: null };
  return Object.assign(el, {
    setAttribute: (name: string, value: string) => (el.attributes[name] = value),
    appendChild: (child: Element) => {
      child.parentNode = el;
      el.children.push(child);
    },
    removeChild: (child: Element) => {
      el.children.splice(el.children.indexOf(child), 1);
      child.parentNode = null;
    },
  });
}

/**
 * index.html's first script on a first visit (no service worker) at `pathname`, `width` CSS px and
 * pixel ratio 2, with the server's poster hint when `hinted`. The network answers the poster with
 * `bytes`, or fails.
 */
function boot(options: { pathname?: string; width?: number; hinted?: boolean; fetchFails?: boolean }) {
  const posted: { message: Record<string, unknown>; transfer?: unknown[] }[] = [];
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const fetched: string[] = [];
  const frames: (() => void)[] = [];
  const body = element('body');
  const appImages: { src: string; complete: boolean; naturalWidth: number }[] = [];
  const meta = { getAttribute: (name: string) => ({ 'data-path': '/posters/1001.png', 'data-base': 'http://md.test/media/img' })[name] ?? null };
  const bytes = new ArrayBuffer(8);
  // What the script put into the head: the app's module preloads (in fragments) and its entry.
  const head: Element[] = [];
  // Timers with a delay wait for the test; those of none run at once, as the browser would.
  const timers: { delay: number; run: () => void }[] = [];
  const sandbox = {
    location: { pathname: options.pathname ?? '/videoDetails' },
    localStorage: { getItem: () => null },
    navigator: { serviceWorker: { controller: null }, languages: ['zh-CN'] },
    Worker: class {
      constructor(readonly url: string) {}
      postMessage(message: Record<string, unknown>, transfer?: unknown[]) {
        posted.push({ message, transfer });
      }
      addEventListener(_type: string, listener: (event: { data: unknown }) => void) {
        listeners.push(listener);
      }
      removeEventListener(_type: string, listener: (event: { data: unknown }) => void) {
        listeners.splice(listeners.indexOf(listener), 1);
      }
    },
    fetch: (url: string) => {
      fetched.push(url);
      return options.fetchFails ? Promise.reject(new TypeError('offline')) : Promise.resolve({ ok: true, arrayBuffer: () => Promise.resolve(bytes) });
    },
    document: {
      createElement: (tag: string) => element(tag),
      createDocumentFragment: () => element('fragment'),
      head: { appendChild: (node: Element) => head.push(node) },
      readyState: 'complete',
      body,
      querySelector: (selector: string) => (selector === 'meta[name="md-poster"]' && options.hinted !== false ? meta : null),
      querySelectorAll: () => appImages,
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (run: () => void, delay = 0, ...args: unknown[]) =>
      delay > 0 ? timers.push({ delay, run: () => run(...(args as [])) }) : setTimeout(run, 0, ...args),
    Date,
    Promise,
    Error,
    window: { innerWidth: options.width ?? 375, devicePixelRatio: 2 } as Record<string, unknown>,
  };
  const entry = { script: '/assets/index-1.js', preloads: ['/assets/app-1.js'] };
  runInNewContext(preloadScript(new Map([['/videoDetails', ['assets/video-1.js']]]), '/', 'assets/crypto.worker-1.js', null, null, entry), sandbox);
  /** The addresses of the app's code asked for so far (the crypto worker's preload aside). */
  const appRequested = () =>
    head
      .flatMap((node) => (node.tagName === 'fragment' ? node.children : [node]))
      .map((node) => (node as unknown as { href?: string }).href ?? node.src)
      .filter((href) => !href?.includes('crypto.worker'));
  const answer = (data: unknown) => [...listeners].forEach((listener) => listener({ data }));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    posted,
    listeners,
    fetched,
    frames,
    body,
    appImages,
    bytes,
    answer,
    settle,
    timers,
    appRequested,
    boot: sandbox.window.__mdBootPoster as { url: string; blobUrl: Promise<string> } | undefined,
    sandbox,
  };
}

describe("the video page's boot poster in index.html", () => {
  it('fetches the hinted poster at the width the page asks for and hands its masked bytes to the crypto worker', async () => {
    const page = boot({});
    // 375 px at pixel ratio 2 is 750 device pixels: the 750 stored width.
    const url = 'http://md.test/media/img/posters/1001.png?w=750';
    expect(page.fetched).toEqual([url]);
    expect(page.boot?.url).toBe(url);
    await page.settle();
    expect(page.posted).toEqual([{ message: { mdBootPoster: url, masked: page.bytes }, transfer: [page.bytes] }]);
  });

  it('lays the unmasked poster over the page until the page shows the same image itself', async () => {
    const page = boot({});
    await page.settle();
    // Another address's answer (or Comlink's traffic) is not this one's.
    page.answer({ id: 'comlink-1', type: 'RAW', value: 1 });
    page.answer({ mdBootPoster: 'http://md.test/other.png', blobUrl: 'blob:other' });
    page.answer({ mdBootPoster: page.boot!.url, blobUrl: 'blob:poster' });
    await expect(page.boot!.blobUrl).resolves.toBe('blob:poster');
    await page.settle();
    const [box] = page.body.children;
    expect(box).toMatchObject({ id: BOOT_POSTER_ID, className: 'boot-player', attributes: { 'aria-hidden': 'true' } });
    expect(box!.children[0]).toMatchObject({ tagName: 'img', src: 'blob:poster', alt: '' });
    // The page renders its own image of the blob: the box stays until that image has loaded.
    page.appImages.push({ src: 'blob:poster', complete: false, naturalWidth: 0 });
    page.frames.shift()!();
    expect(page.body.children).toHaveLength(1);
    page.appImages[0]!.complete = true;
    page.appImages[0]!.naturalWidth = 750;
    page.frames.shift()!();
    expect(page.body.children).toHaveLength(0);
    expect(page.frames).toHaveLength(0);
  });

  it('takes the box away when the visitor leaves the video page first', async () => {
    const page = boot({});
    await page.settle();
    page.answer({ mdBootPoster: page.boot!.url, blobUrl: 'blob:poster' });
    await page.settle();
    expect(page.body.children).toHaveLength(1);
    page.sandbox.location.pathname = '/';
    page.frames.shift()!();
    expect(page.body.children).toHaveLength(0);
  });

  it('lets the worker fetch the poster when the page could not, and shows nothing when the worker could not either', async () => {
    const page = boot({ fetchFails: true });
    await page.settle();
    expect(page.posted).toEqual([{ message: { mdBootPoster: page.boot!.url }, transfer: undefined }]);
    page.answer({ mdBootPoster: page.boot!.url });
    await expect(page.boot!.blobUrl).rejects.toThrow();
    await page.settle();
    expect(page.body.children).toHaveLength(0);
  });

  it("asks for the app's code once the poster has painted, and only once", async () => {
    const page = boot({});
    await page.settle();
    expect(page.appRequested()).toEqual([]);
    page.answer({ mdBootPoster: page.boot!.url, blobUrl: 'blob:poster' });
    await page.settle();
    const image = page.body.children[0]!.children[0]!;
    expect(page.appRequested()).toEqual([]);
    image.onload!();
    // The frame that paints it, then a task after it.
    page.frames.pop()!();
    await page.settle();
    const app = ['/assets/index-1.js', '/assets/app-1.js', '/assets/video-1.js', '/assets/index-1.js'];
    expect(page.appRequested()).toEqual(app);
    expect(page.appRequested().at(-1)).toBe('/assets/index-1.js');
    // The longest wait ends too: nothing is asked for twice.
    page.timers.find((timer) => timer.delay === APP_WAIT_MS)!.run();
    expect(page.appRequested()).toEqual(app);
  });

  it("asks for the app's code at once when the poster could not be had, and after APP_WAIT_MS at most", async () => {
    const failed = boot({ fetchFails: true });
    await failed.settle();
    failed.answer({ mdBootPoster: failed.boot!.url });
    await failed.settle();
    expect(failed.appRequested()).toHaveLength(4);

    const slow = boot({});
    await slow.settle();
    expect(slow.appRequested()).toEqual([]);
    expect(slow.timers.map((timer) => timer.delay)).toEqual([APP_WAIT_MS]);
    slow.timers[0]!.run();
    expect(slow.appRequested()).toHaveLength(4);
  });

  it('does nothing on a desktop, on other pages, or without the hint', () => {
    for (const page of [boot({ width: 1280 }), boot({ pathname: '/' }), boot({ hinted: false })]) {
      expect(page.fetched).toEqual([]);
      expect(page.boot).toBeUndefined();
      expect(page.listeners).toHaveLength(0);
      // The app's code is asked for at once (the video page's chunk only there).
      const pageChunks = page.sandbox.location.pathname === '/' ? [] : ['/assets/video-1.js'];
      expect(page.appRequested()).toEqual(['/assets/index-1.js', '/assets/app-1.js', ...pageChunks, '/assets/index-1.js']);
    }
  });
});
