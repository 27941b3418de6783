import { expect, test } from './fixtures.ts';
import { appStore, leaveAndComeBack, openHome, playMutedPast, signUpAndIn } from './helpers.ts';
import { APP_WAIT_MS } from '../../scripts/boot-poster.ts';

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

  test("a phone's first visit asks for the app's code once the boot poster shows, for the player's library once the page's poster does, and plays", async ({
    page,
  }) => {
    // When the player's video element and its poster's loaded state first appear (performance.now()).
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { __marks: Record<string, number> }).__marks = marks;
      new MutationObserver(() => {
        if (marks.player === undefined && document.querySelector('[data-testid="video-player"]')) marks.player = performance.now();
        if (marks.poster === undefined && document.querySelector('[data-testid="video-player"] ~ div [data-testid="masked-image"][data-state="loaded"]'))
          marks.poster = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      // index.html's own poster (scripts/boot-poster.ts), before any of the app's code.
      document.addEventListener(
        'load',
        (event) => {
          if (event.target instanceof HTMLImageElement && event.target.closest('#md-boot-poster')) marks.bootPoster ??= performance.now();
        },
        true,
      );
      // What index.html's first script preloaded (the library's own import adds a preload later, when it runs).
      document.addEventListener('DOMContentLoaded', () => {
        marks.preloadedByHtml = document.querySelector('link[rel="modulepreload"][href*="/shaka-player"]') ? 1 : 0;
      });
    });
    await page.goto('/videoDetails?id=1001');
    await playMutedPast(page, 1);
    const { marks, library, entry } = await page.evaluate(() => ({
      marks: (window as unknown as { __marks: Record<string, number> }).__marks,
      library: performance.getEntriesByType('resource').find((e) => e.name.includes('/shaka-player'))?.startTime ?? -1,
      entry: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[^/]*\.js$/.test(e.name))?.startTime ?? -1,
    }));
    // The entry left once the boot poster had loaded, or (a slow poster) after the longest wait for it.
    expect(entry >= (marks.bootPoster ?? Infinity) || entry >= APP_WAIT_MS, JSON.stringify({ marks, entry })).toBe(true);
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

  test("a phone's first visit shows the video's poster where the player goes before the app's code runs; the page takes it over", async ({ page }) => {
    const posters: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/media/img/posters/1001.png') posters.push(request.url());
    });
    // The app's entry script held back: what shows now comes from index.html and the crypto worker alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/videoDetails?id=1001', { waitUntil: 'commit' });
    const bootImage = page.locator('#md-boot-poster img');
    await expect(bootImage).toBeAttached();
    await expect.poll(() => bootImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('video-page')).toHaveCount(0);
    // Over the top of the screen, full width and 16:9, where the phone's player sits.
    const box = (await page.locator('#md-boot-poster').boundingBox())!;
    expect([box.x, box.y, box.width, Math.round(box.height)]).toEqual([0, 0, 375, Math.round((375 * 9) / 16)]);
    const bootSrc = await bootImage.getAttribute('src');
    expect(bootSrc).toMatch(/^blob:/);

    release();
    // The page shows the same unmasked image (no second request), and the boot poster goes.
    const own = page.locator('[data-testid="video-page"] [data-testid="masked-image"][data-state="loaded"] img').first();
    await expect(own).toHaveAttribute('src', bootSrc!);
    await expect(page.locator('#md-boot-poster')).toHaveCount(0);
    await expect(page.getByTestId('video-player')).toBeAttached();
    expect(posters).toEqual([`${new URL(page.url()).origin}/media/img/posters/1001.png?w=750`]);
  });
});

test("a first visit to a video page asks for the recommendations' covers after the first frame, not beside the player's first requests", async ({ page }) => {
  await page.addInitScript(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __marks: Record<string, number> }).__marks = marks;
    document.addEventListener('loadeddata', () => (marks.frame ??= performance.now()), true);
    new MutationObserver(() => {
      if (marks.page === undefined && document.querySelector('[data-testid="video-page"]')) marks.page = performance.now();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/videoDetails?id=1001');
  const covers = page.getByTestId('recommend-card').locator('[data-testid="masked-image"]');
  await expect(covers.first()).toHaveAttribute('data-state', 'loaded');
  const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  // The crypto worker fetched them: its clock, counted from the page's start.
  const pageOrigin = await page.evaluate(() => performance.timeOrigin);
  const worker = page.workers().find((w) => w.url().includes('crypto.worker'))!;
  const { posters, coverStarts } = await worker.evaluate((origin) => {
    const at = (e: PerformanceEntry) => e.startTime + performance.timeOrigin - origin;
    const images = performance.getEntriesByType('resource').filter((e) => e.name.includes('/media/img/'));
    return {
      posters: images.filter((e) => e.name.includes('/posters/')).map(at),
      coverStarts: images.filter((e) => e.name.includes('/covers/')).map(at),
    };
  }, pageOrigin);
  expect(posters.length).toBeGreaterThan(0);
  expect(coverStarts.length).toBeGreaterThan(0);
  // After the first frame, or (a slow start) once the page stopped waiting for it, a second after it rendered.
  const from = Math.min(marks.frame ?? Infinity, marks.page! + 1000);
  // The clocks of the page and the worker agree to a millisecond or so.
  expect(Math.min(...coverStarts), JSON.stringify({ marks, coverStarts })).toBeGreaterThanOrEqual(from - 5);
  // The poster is the page's largest picture: it did not wait.
  expect(Math.min(...posters)).toBeLessThan(Math.min(...coverStarts));
});

test("a first visit asks for the page's code and the player beside the app's, and fetches each file once", async ({ page }) => {
  const assets: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/')) assets.push(path);
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await page.goto('/videoDetails?id=1001');
  await expect(page.getByTestId('video-player')).toBeAttached();
  await page.waitForLoadState('networkidle');
  // index.html's first script named the page's chunks and the player (scripts/route-preload.ts).
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map((l) => new URL(l.href).pathname),
  );
  expect(preloaded.some((p) => /^\/assets\/videoDetails-[\w-]+\.js$/.test(p))).toBe(true);
  expect(preloaded.some((p) => p.includes('/shaka-player'))).toBe(true);
  // A preload the page could not use (credentials that differ from the loader's) would be fetched
  // again. The crypto worker's script is asked for twice: as a module preload, then by the worker,
  // whose request the HTTP cache answers (Playwright's sizes cannot tell which crossed the wire).
  const worker = assets.filter((p) => p.includes('crypto.worker'));
  const rest = assets.filter((p) => !p.includes('crypto.worker'));
  expect(rest.filter((path, i) => rest.indexOf(path) !== i)).toEqual([]);
  expect(worker.length === 1 || worker.length === 2).toBe(true);
  expect(preloaded.filter((p) => p.includes('crypto.worker'))).toHaveLength(1);
  // The crypto worker started from the HTML is the one that signs: there is no second.
  expect(workers.filter((p) => p.includes('crypto.worker'))).toEqual([worker[0]]);
});

test("a member who switches away while the lock prompt's code still loads is asked for the passcode on coming back", async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/account');
  const section = page.getByTestId('lock-section');
  await section.getByLabel('新锁屏密码（4到6位数字）').fill('1357');
  await section.getByRole('button', { name: '设置锁屏密码' }).click();
  await expect(section.getByText('已开启')).toBeVisible();

  // The prompt's chunk is held back on the next load (with service workers blocked, every request passes here).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/member-lock-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.reload();
  await expect.poll(() => asked).toBe(true);
  // Away for two minutes before the prompt's code has arrived: the gate notes it all the same.
  const noted = await leaveAndComeBack(page, 120_000);
  expect(noted).toBeGreaterThan(Date.now() - 10_000);
  // Until it loads the app stays covered, and then the passcode is asked for.
  await expect(page.getByTestId('lock-cover')).toBeVisible();
  release();
  await expect(page.getByTestId('lock-screen').getByText('请输入锁屏密码').first()).toBeVisible();
});
