import { expect, test } from './fixtures.ts';
import { openHome, scrollAndSettle, scrollToListEnd } from './helpers.ts';

test('back to home restores the scroll position without refetching the list', async ({ page }) => {
  await openHome(page);
  const cards = page.getByTestId('video-card');
  // Load every page first, so the list is long enough on wide screens too.
  await scrollToListEnd(page, 10);
  // Banners, boxes and rankings sit above the list: leave the window 600 px into the list itself.
  const target = await page.getByTestId('video-grid').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY + 600));
  const left = await scrollAndSettle(page, target);
  const count = await cards.count();

  let listCalls = 0;
  let sectionCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/video/list')) listCalls += 1;
    if (r.url().endsWith('/api/app/home/index')) sectionCalls += 1;
  });
  // Open a card that is wholly on screen at this offset, so the click itself scrolls nothing.
  const visible = await cards.evaluateAll((els) =>
    els.findIndex((e) => {
      const r = e.getBoundingClientRect();
      return r.top > 80 && r.bottom < window.innerHeight - 80;
    }),
  );
  expect(visible).toBeGreaterThanOrEqual(0);
  await cards.nth(visible).click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(5);
  await expect(cards).toHaveCount(count);
  expect(listCalls).toBe(0);
  // The sections above come back from the cache too: no skeleton flash, no second home/index call.
  await expect(page.getByTestId('home-sections-loading')).toHaveCount(0);
  await expect(page.getByTestId('home-banners')).toBeVisible();
  expect(sectionCalls).toBe(0);
});
