import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** Opens home with the service worker controlling it, so the page's own API fetches are the ones observed. */
export async function openControlledHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('video-card').first()).toBeVisible();
}

/** Ads link to example.com; answer those pages locally so a popup loads without the internet. */
export async function stubOutsidePages(context: BrowserContext): Promise<void> {
  await context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>outside</title><p>outside page</p>' }),
  );
}

/** Brings a carousel slide into view with the dots, the way a user would without swiping. */
export async function showSlide(carousel: Locator, slide: Locator): Promise<void> {
  const index = Number(await slide.getAttribute('data-index'));
  const dots = carousel.locator('[data-testid$="-dots"] button');
  const count = await dots.count();
  if (count > 0) await dots.nth(Math.min(index, count - 1)).click();
  await expect(slide).toBeInViewport({ ratio: 0.95 });
}

/** The same path and the same query parameters, whatever their order. */
export function expectLocation(url: string, path: string, query: Record<string, string> = {}): void {
  const actual = new URL(url);
  expect(actual.pathname).toBe(path);
  expect(Object.fromEntries(actual.searchParams)).toEqual(query);
}
