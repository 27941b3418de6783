import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isMobile, openHome } from './helpers.ts';

// Screens a visitor reaches without signing in; each must settle in English with no missing string
// (the catalogue marks one as ⟦key⟧) and nothing wider than the screen.
const SCREENS: [name: string, path: string][] = [
  ['home', '/'],
  ['video', '/videoDetails?id=1001'],
  ['actress-list', '/actressList'],
  ['actress-page', '/actressPage?id=2001'],
  ['topic', '/topicsPage?id=501'],
  ['tag-list', '/tagList'],
  ['tag-details', '/tagDetails?tid=401'],
  ['reviews', '/nav/reviews'],
  ['review-detail', '/reviewDetail?id=603'],
  ['search', '/searchPage'],
  ['search-result', '/searchResult?keyword=' + encodeURIComponent('城市')],
  ['discuss', '/discuss'],
  ['post-detail', '/postDetail?id=805'],
  ['faq', '/FAQ'],
  ['contact', '/contactUs'],
  ['group', '/group'],
  ['group-business', '/group?type=business'],
  ['group-detail', '/groupDetail?id=3301'],
  ['not-found', '/no-such-page'],
];

async function checkScreen(page: Page, name: string, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#app main, #app [data-testid]').first()).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text, `${name}: a missing string`).not.toContain('⟦');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: wider than the screen`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `test-results/i18n/en-${name}-${test.info().project.name}.png` });
}

test.describe('in English (the browser asks for it)', () => {
  test.use({ locale: 'en-US' });

  test('the page follows the browser: English words, English counts and dates, lang="en"', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    if (isMobile(page)) await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Home')).toBeVisible();
    else await expect(page.getByRole('combobox', { name: 'Search keyword' })).toBeVisible();
    // Counts use K/M (never the Chinese W) and dates are English.
    const meta = await page.getByTestId('video-card').first().innerText();
    expect(meta).not.toMatch(/\d W|\dW\b|年|月/);
  });

  test('every screen has all its strings and fits the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await openHome(page);
    for (const [name, path] of SCREENS) await checkScreen(page, name, path);
  });
});

// In Chinese, every screen's strings and width are checked on the accessibility scan's visit (tests/e2e/a11y.spec.ts).
test.describe('in Chinese', () => {
  test('anyone can switch the language, without a reload, and it stays chosen', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
    if (isMobile(page)) {
      await page.getByRole('button', { name: '切换语言' }).click();
      const menu = page.getByRole('menu', { name: '语言' });
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitemradio', { name: 'English' }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Home')).toBeVisible();
    } else {
      await page.getByLabel('语言').selectOption('en');
      await expect(page.getByRole('combobox', { name: 'Search keyword' })).toBeVisible();
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);

    await page.reload();
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // And back.
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByRole('menuitemradio', { name: '简体中文' }).click();
      await expect(page.getByRole('navigation', { name: '主导航' }).getByText('首页')).toBeVisible();
    } else {
      await page.getByLabel('Language').selectOption('zh-CN');
      await expect(page.getByRole('combobox', { name: '搜索关键词' })).toBeVisible();
    }
    // This visit began in English: the other pages' Chinese came with the switch, and the next page has it.
    await page.getByTestId('video-card').first().click();
    await expect(page.getByTestId('comments')).toBeVisible();
    await expect(page.getByTestId('comments')).toContainText('评论');
    expect(await page.locator('body').innerText()).not.toContain('⟦');
  });

  test("home's words come with its first script; the other pages' load once home has settled, and the next page opens with them", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/zh-CN\.pages-[^/]+\.js$/.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await openHome(page);
    expect(asked, 'asked for before home showed its videos').toEqual([]);
    expect(await page.locator('body').innerText()).not.toContain('⟦');
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBe(1);
    await page.getByTestId('video-card').first().click();
    await expect(page.getByTestId('comments')).toContainText('评论');
    expect(await page.locator('body').innerText()).not.toContain('⟦');
    expect(asked).toHaveLength(1);
  });
});
