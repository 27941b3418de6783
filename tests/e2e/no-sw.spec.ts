import { expect, test } from './fixtures.ts';
import { appStore, openHome } from './helpers.ts';

test('with service workers blocked the page still signs through the worker', async ({ page }) => {
  await openHome(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(false);
  expect((await appStore(page)).token).toBeTruthy();
  const poster = page.getByTestId('video-card').first().locator('img');
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await poster.getAttribute('src')).toMatch(/^blob:/);
});
