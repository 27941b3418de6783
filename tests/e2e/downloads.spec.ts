import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openHome, playMutedPast, signUpAndIn } from './helpers.ts';

/** A seeded video (server/seed/content-catalogue.ts). */
const VIDEO_ID = 1001;

/** Opens the video page under the service worker's control, which downloads need. */
async function openControlledVideo(page: Page, id = VIDEO_ID): Promise<void> {
  await page.goto(`/videoDetails?id=${id}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // A page whose navigation began while the worker was still installing stays uncontrolled
  // (clients.claim() does not reach a document still loading); a reload brings it under control.
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('download-button')).toBeVisible();
}

async function startDownload(page: Page, height: number): Promise<void> {
  await page.getByTestId('download-button').click();
  const sheet = page.getByTestId('download-sheet');
  await sheet.getByTestId(`download-${height}`).click();
  await expect(sheet.getByTestId('download-status')).toBeVisible();
}

/** The URLs held by the downloads Cache. */
function savedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('md-downloads'))) return [];
    const cache = await caches.open('md-downloads');
    return (await cache.keys()).map((r) => r.url);
  });
}

/** Holds every segment of the media streams back by `ms`, and counts how often each was asked for. */
async function slowSegments(context: BrowserContext, ms: number): Promise<Map<string, number>> {
  const asked = new Map<string, number>();
  await context.route(/\/media\/video\/.*\/chunk-.*\.m4s$/, async (route) => {
    const url = route.request().url();
    asked.set(url, (asked.get(url) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return asked;
}

test('a video downloaded at 720P plays offline after a reload, from the device, offering the saved quality alone', async ({ page, context }) => {
  await openHome(page);
  await signUpAndIn(page);
  await openControlledVideo(page);
  await startDownload(page, 720);
  await expect(page.getByTestId('download-button')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const sheet = page.getByTestId('download-sheet');
  await expect(sheet.getByText(/720P · .+ · 可离线观看/)).toBeVisible();
  await sheet.getByRole('button', { name: '关闭' }).click();

  const saved = await savedUrls(page);
  expect(saved.some((url) => url.endsWith('/manifest.mpd'))).toBe(true);
  expect(saved.filter((url) => /chunk-1-\d+\.m4s$/.test(url)).length).toBeGreaterThan(0);
  // Other video renditions are not saved.
  expect(saved.filter((url) => /chunk-[02]-\d+\.m4s$/.test(url))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await playMutedPast(page, 1);
  await page.getByTestId('quality-button').click();
  const heights = await page.getByTestId('quality-option').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-height'))).filter(Boolean));
  expect(heights).toEqual([720]);
  await page.keyboard.press('Escape');
  // To the end, every segment from the device (a missing one would stall it offline).
  const video = page.getByTestId('video-player');
  await video.evaluate((v: HTMLVideoElement) => (v.playbackRate = 2));
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);

  // Offline, the watch history marks what plays offline and puts it first.
  await page.goto('/mine');
  const entry = page.getByTestId('history-item').filter({ has: page.getByTestId('offline-badge') });
  await expect(entry).toHaveCount(1);
  await expect(page.getByTestId('offline-first')).toBeVisible();
  await expect(page.getByTestId('history-item').first().getByTestId('offline-badge')).toBeVisible();
  await context.setOffline(false);
});

test('a download interrupted by a reload goes on from the first file it lacks and finishes', async ({ page, context }) => {
  const asked = await slowSegments(context, 250);
  await openControlledVideo(page, 1002);
  await startDownload(page, 360);
  await expect(page.getByTestId('download-button')).toHaveText(/下载中 ([1-9]|[1-4]\d)%/, { timeout: 20_000 });

  // A new document (the storage screen, where no player asks for the stream) picks the download up.
  const before = new Set(await savedUrls(page));
  expect(before.size).toBeGreaterThan(0);
  // The request the old page had in flight when it went away is cut; the new page asks for it again.
  const cut = new Set<string>();
  page.on('requestfailed', (request) => cut.add(request.url()));
  asked.clear();
  await page.goto('/storage');
  const item = page.getByTestId('download-item');
  await expect(item).toHaveAttribute('data-state', 'done', { timeout: 40_000 });
  // The rest crossed the network, and nothing saved before the reload was fetched again.
  expect(asked.size).toBeGreaterThan(0);
  expect([...asked.keys()].filter((url) => before.has(url))).toEqual([]);
  expect([...asked].filter(([url, count]) => count > (cut.has(url) ? 2 : 1))).toEqual([]);
  const saved = await savedUrls(page);
  expect(saved.filter((url) => /chunk-0-\d+\.m4s$/.test(url)).length).toBeGreaterThan(1);
});

test('a download pauses, resumes, and a cancelled one leaves nothing behind', async ({ page, context }) => {
  await slowSegments(context, 250);
  await openControlledVideo(page, 1003);
  await startDownload(page, 360);
  const sheet = page.getByTestId('download-sheet');
  await sheet.getByRole('button', { name: '暂停' }).click();
  await expect(sheet.getByTestId('download-status')).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('download-button')).toHaveText(/已暂停 \d+%/);
  await sheet.getByRole('button', { name: '继续' }).click();
  await expect(sheet.getByTestId('download-status')).toHaveAttribute('data-state', 'downloading');
  await sheet.getByRole('button', { name: '取消下载' }).click();
  await expect(page.getByTestId('download-button')).toHaveAttribute('data-state', 'none');
  await expect.poll(() => savedUrls(page)).toEqual([]);
});

test('/storage lists the saved videos and the kinds of data kept; deleting the downloads frees the space', async ({ page }) => {
  await openControlledVideo(page);
  await startDownload(page, 1080);
  await expect(page.getByTestId('download-button')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await page.getByTestId('download-sheet').getByRole('link', { name: '管理下载与存储' }).click();

  await expect(page).toHaveURL(/\/storage$/);
  await expect(page).toHaveTitle(/离线与存储/);
  const item = page.getByTestId('download-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-state', 'done');
  await expect(item.getByTestId('download-item-status')).toHaveText(/1080P · [\d.]+ (KB|MB) · 可离线观看/);
  await expect(page.getByTestId('storage-images')).toContainText(/\d+ 项/);
  const usage = page.getByTestId('storage-usage');
  const before = Number(await usage.getAttribute('data-usage'));
  const savedBytes = await page.evaluate(async () => {
    const cache = await caches.open('md-downloads');
    let total = 0;
    for (const request of await cache.keys()) total += (await (await cache.match(request))!.arrayBuffer()).byteLength;
    return total;
  });
  expect(savedBytes).toBeGreaterThan(100_000);

  await page.getByRole('button', { name: '全部删除 离线视频' }).click();
  await page.getByTestId('storage-confirm').getByRole('button', { name: '全部删除' }).click();
  await expect(page.getByText('还没有下载的视频')).toBeVisible();
  expect(await savedUrls(page)).toEqual([]);
  // storage.estimate() lags behind deletes: it is asked again until it shows most of the space back.
  await expect
    .poll(
      async () => {
        await page.reload();
        return Number(await page.getByTestId('storage-usage').getAttribute('data-usage'));
      },
      { timeout: 30_000 },
    )
    .toBeLessThan(before - savedBytes * 0.5);
});

test('下载 on a favourite in /mine saves it from the list, the row says so, and offline the saved favourite comes first', async ({ page, context }) => {
  await openHome(page);
  await signUpAndIn(page);
  await openControlledVideo(page, 1008);
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/mine');
  const row = page.locator('[data-testid="favourite-item"][data-video-id="1008"]');
  const button = row.getByTestId('list-download-button');
  await expect(button).toHaveAttribute('data-state', 'none');
  await button.click();
  const sheet = page.getByTestId('download-sheet');
  // The sheet reads the video's qualities when it opens.
  await sheet.getByTestId('download-360').click();
  await expect(sheet.getByTestId('download-status')).toBeVisible();
  await expect(button).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(button).toHaveText(/已下载/);
  await sheet.getByRole('button', { name: '关闭' }).click();
  await page.goto('/storage');
  await expect(page.getByTestId('download-item')).toHaveAttribute('data-state', 'done');

  // A newer favourite, not saved, comes first online; offline the saved one does.
  await page.goto('/videoDetails?id=1012');
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/mine');
  const rows = page.getByTestId('favourite-item');
  await expect(rows.first()).toHaveAttribute('data-video-id', '1012');
  await expect(page.getByTestId('favourites-offline-first')).toHaveCount(0);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('favourites-offline-first')).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-video-id', '1008');
  await expect(rows).toHaveCount(2);
  await context.setOffline(false);
});
