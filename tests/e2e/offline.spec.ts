import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectHistoryWithPoster, openHome, signUpAndIn, watchVideo } from './helpers.ts';

test('the service worker signs API calls for a controlled page', async ({ page, context }) => {
  await openHome(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const signed = context.waitForEvent('request', (r) => r.url().endsWith('/api/app/video/list') && r.serviceWorker() !== null);
  await page.reload();
  const request = await signed;
  const headers = await request.allHeaders();
  expect(headers['x-api-key']).toMatch(/^[0-9a-f]{64}$/);
  expect(headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
  const body = await (await request.response())!.json();
  expect(body.hash).toBe(true);
  await expect(page.getByTestId('video-card').first()).toBeVisible();
});

test('a first visit installs the service worker only after its first page has settled, not while it renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  // The cards have just come: the page is still fetching and drawing, and no worker is installing.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
});

test('after watching two videos, an offline reload of /mine shows both in history with their posters', async ({ page, context }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const first = await watchVideo(page, 0);
  const second = await watchVideo(page, 1);

  await page.goto('/mine');
  await expectHistoryWithPoster(page, first);
  await expectHistoryWithPoster(page, second);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expectHistoryWithPoster(page, first);
  await expectHistoryWithPoster(page, second);
  await context.setOffline(false);
});

test('a content screen visited once opens again offline from the last answers', async ({ page, context }) => {
  await openHome(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/searchResult?keyword=' + encodeURIComponent('林夏'));
  await expect(page.getByTestId('search-actress').filter({ hasText: '林夏' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('search-actress').filter({ hasText: '林夏' })).toBeVisible();
  // A screen never visited has no copy: it fails visibly instead of showing stale data.
  await page.goto('/searchResult?keyword=' + encodeURIComponent('没有访问过的词'));
  await expect(page.getByText('搜索失败')).toBeVisible();
  await context.setOffline(false);
});

// Chromium never offers to install from an incognito profile, which is what Playwright's contexts
// are, so this test opens a profile on disk with the project's launch options.
test('an image whose request fails keeps its placeholder and is asked for again, then shows', async ({ page, context }) => {
  await openHome(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Each picture's first three requests fail (a failure of the network or the server lasting some
  // seconds); the next goes through. The page asks again 1.5 s, 3 s and 6 s after each failure.
  const failures = new Map<string, number>();
  await context.route('**/media/img/**', async (route) => {
    const url = route.request().url();
    const count = failures.get(url) ?? 0;
    if (count >= 3) return route.continue();
    failures.set(url, count + 1);
    return route.abort('failed');
  });
  await page.goto('/actressPage?id=2002');
  const banner = page.getByTestId('masked-image').first();
  await expect(banner).toHaveAttribute('data-state', 'loaded', { timeout: 30_000 });
  await expect(banner.locator('img')).toHaveJSProperty('complete', true);
  expect(Math.max(...failures.values())).toBe(3);
});

test('Chromium finds the site installable: its own installability check reports nothing', async ({ baseURL }, testInfo) => {
  const { launchOptions, viewport } = testInfo.project.use;
  const profile = mkdtempSync(join(tmpdir(), 'md-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, viewport, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
