import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isMobile, openHome, signUpAndIn } from './helpers.ts';

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(15, 15, 20)';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const barColour = (page: Page) => page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));

/**
 * Records the theme and the page's colour when the HTML has been parsed, before the app's module
 * script runs (module scripts run after readyState turns interactive): what the first paint shows.
 */
async function recordThemeAtParse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const record = {
        theme: document.documentElement.getAttribute('data-theme'),
        background: getComputedStyle(document.body).backgroundColor,
        appStarted: document.querySelector('#app > .boot') === null,
      };
      sessionStorage.setItem('md-test-theme-at-parse', JSON.stringify(record));
    });
  });
}
const themeAtParse = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('md-test-theme-at-parse') ?? 'null') as { theme: string; background: string; appStarted: boolean } | null,
  );

test.describe('with a light system preference', () => {
  test.use({ colorScheme: 'light' });

  test('the page is light from its HTML alone: the theme is set before the app script runs', async ({ page }) => {
    // A first visit (no service worker yet) whose app script never arrives: only the HTML paints.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#app > .boot')).toBeVisible();
    expect(await theme(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);
    expect(await barColour(page)).toBe('#ffffff');
  });

  test('the app follows it, and 深色 chosen in the account settings applies at once and survives a reload', async ({ page }) => {
    await recordThemeAtParse(page);
    await openHome(page);
    expect(await theme(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);
    expect(await barColour(page)).toBe('#ffffff');
    // The header is light too, its text dark.
    const header = page.locator('header').first();
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(/^rgba\(255, 255, 255/);

    await signUpAndIn(page);
    await page.goto('/account');
    const section = page.getByTestId('appearance-section');
    await expect(section.getByRole('radio', { name: '跟随系统' })).toBeChecked();
    await section.getByRole('radio', { name: '深色' }).check();
    await expect(section.getByRole('radio', { name: '深色' })).toBeChecked();
    expect(await theme(page)).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);
    expect(await barColour(page)).toBe('#0f0f14');

    await page.reload();
    await expect(section.getByRole('radio', { name: '深色' })).toBeChecked();
    expect(await theme(page)).toBe('dark');
    // No flash of the system's light theme: dark before the app's script ran.
    expect(await themeAtParse(page)).toEqual({ theme: 'dark', background: DARK_BG, appStarted: false });

    // Back to the system's choice.
    await section.getByRole('radio', { name: '跟随系统' }).check();
    expect(await theme(page)).toBe('light');
    await page.reload();
    expect(await themeAtParse(page)).toEqual({ theme: 'light', background: LIGHT_BG, appStarted: false });
  });

  test('while it follows the system, a change of the system preference changes the page', async ({ page }) => {
    await openHome(page);
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await barColour(page)).toBe('#0f0f14');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
  });
});

test('a guest switches the theme from the header menu on phones and the footer on desktops, and it is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openHome(page);
  expect(await theme(page)).toBe('dark');
  if (isMobile(page)) {
    await page.getByTestId('language-menu').click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: '浅色' }).click();
    await expect(menu).toBeHidden();
  } else {
    await page.getByTestId('theme-select').selectOption('light');
  }
  await expect.poll(() => theme(page)).toBe('light');
  expect(await background(page)).toBe(LIGHT_BG);
  await page.reload();
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  expect(await theme(page)).toBe('light');
  if (isMobile(page)) {
    await page.getByTestId('language-menu').click();
    await expect(page.getByRole('menu').getByRole('menuitemradio', { name: '浅色' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
  } else {
    await expect(page.getByTestId('theme-select')).toHaveValue('light');
  }
});
