import { expect, test } from './fixtures.ts';
import { appStore, openHome, playMutedPast } from './helpers.ts';

test('with service workers blocked the page still signs through the worker', async ({ page }) => {
  await openHome(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(false);
  await expect.poll(async () => (await appStore(page)).token).toBeTruthy();
  const poster = page.getByTestId('video-card').first().locator('img');
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await poster.getAttribute('src')).toMatch(/^blob:/);
});

test.describe('images sized for a phone', () => {
  // The crypto worker fetches the images here, so each response is the stored file as it crossed the wire.
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('home at 375 px and pixel ratio 2 fetches no image over 40 KB, each at a stored width', async ({ page }) => {
    const images: { url: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/media/img/')) return;
      void request.sizes().then((s) => images.push({ url: request.url(), bytes: s.responseBodySize }));
    });
    await openHome(page);
    await page.mouse.wheel(0, 1500);
    // The cards scrolled near the viewport ask for their images after a render and the worker's
    // fetch: a busy machine can be quiet on the network for longer than networkidle waits before that.
    await expect.poll(() => images.length).toBeGreaterThan(5);
    await page.waitForLoadState('networkidle');
    const tooLarge = images.filter((i) => i.bytes > 40 * 1024);
    expect(tooLarge).toEqual([]);
    // Cards ask for the width that fills them: nothing is fetched at full size.
    expect(images.filter((i) => !/[?&]w=\d+/.test(i.url))).toEqual([]);
    // Only images near the viewport load: far fewer than the cards on the page.
    const cards = await page.getByTestId('video-card').count();
    expect(images.length).toBeLessThan(cards + 10);
  });

  test("a phone's first visit asks for the player's library once the poster shows, not with the page's code, and plays", async ({ page }) => {
    // When the player's video element and its poster's loaded state first appear (performance.now()).
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (marks.player === undefined && document.querySelector('[data-testid="video-player"]')) marks.player = performance.now();
        if (marks.poster === undefined && document.querySelector('[data-testid="video-player"] ~ div [data-testid="masked-image"][data-state="loaded"]'))
          marks.poster = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      // What index.html's first script preloaded (the library's own import adds a preload later, when it runs).
      document.addEventListener('DOMContentLoaded', () => {
        marks.preloadedByHtml = document.querySelector('link[rel="modulepreload"][href*="/shaka-player"]') ? 1 : 0;
      });
    });
    await page.goto('/videoDetails?id=1001');
    await playMutedPast(page, 1);
    const { marks, library } = await page.evaluate(() => ({
      marks: (window as unknown as { __marks: Record<string, number> }).__marks,
      library: performance.getEntriesByType('resource').find((e) => e.name.includes('/shaka-player'))?.startTime ?? -1,
    }));
    expect(marks.preloadedByHtml).toBe(0);
    expect(library).toBeGreaterThan(0);
    // After the poster showed, or (a slow poster) the player's 400 ms wait for it.
    expect(library >= (marks.poster ?? Infinity) || library - marks.player! >= 400, JSON.stringify({ marks, library })).toBe(true);
  });

  test("a video page opened directly unmasks its poster while the session starts, once, and shows it before the detail's answer", async ({ page }) => {
    const order: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/media/img/posters/1001.png' || path === '/api/app/video/detail') order.push(path);
    });
    await page.goto('/videoDetails?id=1001');
    const player = page.getByTestId('video-page');
    await expect(player).toBeVisible();
    const poster = page.locator('[data-testid="masked-image"][data-state="loaded"] img').first();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await poster.getAttribute('src')).toMatch(/^blob:/);
    // The player took the hint's place (it may start by itself and, on a busy machine, even reach the end screen).
    await expect(page.getByTestId('video-player')).toBeAttached();
    // The HTML named the poster: its request left before the detail's, and the player reused it.
    expect(order[0]).toBe('/media/img/posters/1001.png');
    expect(order.filter((p) => p === '/media/img/posters/1001.png')).toHaveLength(1);
  });
});

test("a first visit asks for the page's code and the player beside the app's, and fetches each file once", async ({ page }) => {
  const assets: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) assets.push(path);
  });
  await page.goto('/videoDetails?id=1001');
  await expect(page.getByTestId('video-player')).toBeAttached();
  await page.waitForLoadState('networkidle');
  // index.html's first script named the page's chunks and the player (scripts/route-preload.ts).
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map((l) => new URL(l.href).pathname),
  );
  expect(preloaded.some((p) => /^\/assets\/videoDetails-[\w-]+\.js$/.test(p))).toBe(true);
  expect(preloaded.some((p) => p.includes('/shaka-player'))).toBe(true);
  // A preload the page could not use (credentials that differ from the loader's) would be fetched again.
  const twice = assets.filter((path, i) => assets.indexOf(path) !== i);
  expect(twice).toEqual([]);
  // The crypto worker started from the HTML is the one that signs: there is no second.
  expect(assets.filter((p) => p.includes('crypto.worker'))).toHaveLength(1);
});
