import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openHome, openLogin } from './helpers.ts';

/** Opens home and reloads once the service worker is ready, so it controls the page (as for a returning visitor). */
async function openControlled(page: Page): Promise<void> {
  await openHome(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Whether a tap at the middle of `locator` reaches something else (the page under it). */
function tapsPassThrough(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && !element.contains(hit);
  });
}

test('going offline shows the connection bar, coming back says so for a moment, and taps pass through it', async ({ page, context }) => {
  await openHome(page);
  const region = page.getByTestId('connection-banner');
  await expect(region).toHaveAttribute('role', 'status');
  await expect(region).toHaveAttribute('data-state', 'hidden');
  await expect(region).toHaveText('');

  await context.setOffline(true);
  const offline = region.getByText('网络已断开，正在显示离线内容');
  await expect(offline).toBeVisible();
  expect(await tapsPassThrough(offline)).toBe(true);
  // Within the screen, and clear of the header.
  const bar = (await offline.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(bar.y + bar.height).toBeLessThanOrEqual(page.viewportSize()!.height);

  await context.setOffline(false);
  await expect(region.getByText('已恢复连接')).toBeVisible();
  await expect(region).toHaveAttribute('data-state', 'hidden');
  await expect(region).toHaveText('');
});

test('a search that failed offline loads by itself once the connection returns, without 重试', async ({ page, context }) => {
  await openControlled(page);
  await context.setOffline(true);
  // Never searched in this browser: the service worker has no copy, so it fails visibly.
  await page.goto('/searchResult?keyword=' + encodeURIComponent('林夏'));
  await expect(page.getByText('搜索失败')).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline');
  const retries: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) retries.push(request.url());
  });

  await context.setOffline(false);
  await expect(page.getByTestId('search-actress').filter({ hasText: '林夏' })).toBeVisible();
  await expect(page.getByText('搜索失败')).toHaveCount(0);
  expect(retries.length).toBeGreaterThan(0);
});

test('a screen that failed after the page went offline recovers too', async ({ page, context }) => {
  await page.goto('/searchResult?keyword=' + encodeURIComponent('城市'));
  await expect(page.getByTestId('search-total').first()).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline');
  // A client-side visit to a search never made: it fails while offline.
  await page.evaluate(() => {
    history.pushState({}, '', '/searchResult?keyword=' + encodeURIComponent('周以安'));
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('搜索失败')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('search-actress').filter({ hasText: '周以安' })).toBeVisible();
});

test('a toast never covers the header logo and lets taps through', async ({ page }) => {
  await openHome(page);
  const logo = page.getByRole('link', { name: 'MD 视频 首页' });
  const logoBox = (await logo.boundingBox())!;
  const dialog = await openLogin(page);
  await dialog.getByLabel('账号').fill('nobody-here-2');
  await dialog.getByLabel('密码', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: /^登录$/ }).click();
  const toast = page.getByTestId('toast').first();
  await expect(toast).toBeVisible();
  await expect(toast.locator('xpath=..')).toHaveAttribute('role', 'status');

  const box = (await toast.boundingBox())!;
  const overlaps = box.x < logoBox.x + logoBox.width && logoBox.x < box.x + box.width && box.y < logoBox.y + logoBox.height && logoBox.y < box.y + box.height;
  expect(overlaps, `toast ${JSON.stringify(box)} against logo ${JSON.stringify(logoBox)}`).toBe(false);
  // Below the header on desktops, above the tab bar on phones; inside the screen either way.
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThan(logoBox.y + logoBox.height);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  if (viewport.width <= 824) {
    const tabBar = (await page.getByTestId('tab-bar').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
  }
  expect(await tapsPassThrough(toast)).toBe(true);
});
