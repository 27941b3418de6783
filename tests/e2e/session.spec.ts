import { expect, test } from './fixtures.ts';
import { appStore, openHome } from './helpers.ts';

test('a first-time visitor becomes a guest and sees posters that decode', async ({ page }) => {
  await openHome(page);
  const store = await appStore(page);
  expect(store.devId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The guest is bound to the secret its first login answered (DECISIONS: guest binding).
  expect(store.uuid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(store.token).toBeTruthy();
  expect(store.userInfo?.isUser).toBe(false);

  const poster = page.getByTestId('video-card').first().locator('img');
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('a guest going to /mine is sent home', async ({ page }) => {
  await openHome(page);
  await page.goto('/mine');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('video-card').first()).toBeVisible();
});

test('an unknown path shows the 404 text', async ({ page }) => {
  await openHome(page);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found /no/such/page')).toBeVisible();
});

test('the home list pages through the whole catalogue', async ({ page }) => {
  await openHome(page);
  const cards = page.getByTestId('video-card');
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 10 && !(await end.isVisible()); i++) {
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
  // More than one page of 20 arrived, and no video appears twice.
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-video-id')));
  expect(ids.length).toBeGreaterThan(20);
  expect(new Set(ids).size).toBe(ids.length);
});
