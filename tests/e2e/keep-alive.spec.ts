import { expect, test } from '@playwright/test';
import { openHome } from './helpers.ts';

test('back to home restores the scroll position without refetching the list', async ({ page }) => {
  await openHome(page);
  const cards = page.getByTestId('video-card');
  // Load every page first, so the list is long enough on wide screens too.
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 10 && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  await page.waitForTimeout(300);
  const left = await page.evaluate(() => window.scrollY);
  const count = await cards.count();

  let listCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/video/list')) listCalls += 1;
  });
  // Open a card that is on screen at this offset.
  const visible = await cards.evaluateAll((els) => els.findIndex((e) => e.getBoundingClientRect().top > 80));
  await cards.nth(visible).click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(5);
  await expect(cards).toHaveCount(count);
  expect(listCalls).toBe(0);
});
