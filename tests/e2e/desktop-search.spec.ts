import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStore, openHome } from './helpers.ts';

// The desktop layout alone (titles tagged @desktop: the phone project leaves them out): the
// header's search combobox and the site footer. Phones keep their search page (search.spec.ts).

const box = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: '搜索关键词' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: '搜索建议' });

test('the header box suggests history and hot searches as you type; ArrowDown and Enter search the one chosen @desktop', async ({ page }) => {
  await openHome(page);
  // A first search, typed and sent with Enter, lands on the results with the query in the box.
  await box(page).fill('城市');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/searchResult\?keyword=%E5%9F%8E%E5%B8%82$/);
  await expect(box(page)).toHaveValue('城市');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  // The results page has no second box of its own on desktop.
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  expect((await appStore(page)) as { searchRecord?: string[] }).toMatchObject({ searchRecord: ['城市'] });

  await page.goto('/');
  await expect(box(page)).toHaveValue('');
  await box(page).pressSequentially('城');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  const history = suggestions(page).getByRole('group', { name: '搜索历史' }).getByRole('option');
  const hot = suggestions(page).getByRole('group', { name: '热门搜索' }).getByRole('option');
  await expect(history).toHaveText(['城市']);
  await expect(hot.filter({ hasText: '城市夜景' })).toBeVisible();
  // Only entries containing what was typed, with the typed part marked.
  for (const keyword of await hot.evaluateAll((options) => options.map((o) => o.getAttribute('data-keyword')))) expect(keyword).toContain('城');
  await expect(history.first().locator('mark')).toHaveText('城');

  // Focus stays in the box; the arrows move the active option.
  await box(page).press('ArrowDown');
  const first = await history.first().getAttribute('id');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', first ?? 'missing');
  await expect(history.first()).toHaveAttribute('aria-selected', 'true');
  await box(page).press('ArrowDown');
  const second = suggestions(page).getByRole('option').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id')) ?? 'missing');
  await expect(box(page)).toBeFocused();
  const chosen = (await second.getAttribute('data-keyword')) ?? '';
  expect(chosen).toContain('城');

  await box(page).press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(chosen);
  await expect(page).toHaveURL(/\/searchResult\?/);
  await expect(box(page)).toHaveValue(chosen);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('search-total').or(page.getByText('没有找到相关视频'))).toBeVisible();
  expect(((await appStore(page)) as { searchRecord?: string[] }).searchRecord).toEqual([chosen, '城市']);

  // Back home the box is empty again; back to the first results, it follows the address.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(box(page)).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/searchResult\?keyword=%E5%9F%8E%E5%B8%82$/);
  await expect(box(page)).toHaveValue('城市');
  // A click on a suggestion searches too.
  await box(page).fill('');
  const clicked = (await hot.first().getAttribute('data-keyword')) ?? '';
  await hot.first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(clicked);
  await expect(box(page)).toHaveValue(clicked);
});

test('Escape closes the suggestions and keeps focus in the box, a click elsewhere closes them, ArrowUp goes round @desktop', async ({ page }) => {
  await openHome(page);
  await box(page).click();
  await expect(suggestions(page)).toBeVisible();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');

  await box(page).press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).not.toHaveAttribute('aria-activedescendant');

  // ArrowUp opens at the last option, and from the first goes back to the box itself.
  await box(page).press('ArrowUp');
  const options = suggestions(page).getByRole('option');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await box(page).press('ArrowDown');
  await expect(box(page)).not.toHaveAttribute('aria-activedescendant');
  await box(page).press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');

  // Escape with the popup closed empties the box.
  await box(page).fill('古镇');
  await box(page).press('Escape');
  await expect(box(page)).toHaveValue('古镇');
  await box(page).press('Escape');
  await expect(box(page)).toHaveValue('');

  await box(page).click();
  await expect(suggestions(page)).toBeVisible();
  await page.mouse.click(5, 300);
  await expect(suggestions(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
});

test('the footer links to 发现, the FAQ and the contact page and offers to install the app @desktop', async ({ page }) => {
  await openHome(page);
  const footer = page.getByRole('contentinfo');
  const nav = footer.getByRole('navigation', { name: '站点导航' });
  await nav.getByRole('link', { name: '发现' }).click();
  await expect(page).toHaveURL(/\/tagList$/);
  await nav.getByRole('link', { name: '常见问题' }).click();
  await expect(page).toHaveURL(/\/FAQ$/);
  await expect(page.getByTestId('faq-item').first()).toBeVisible();
  // The FAQ pages in as the footer comes into view: the footer stays put once the list has ended
  // (a click while the next page lands would hit what moved under the pointer).
  await nav.getByRole('link', { name: '联系我们' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('list-end')).toBeVisible();
  await nav.getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/\/contactUs$/);

  // The test browser offers no install: the footer says how to install from the browser's menu.
  const install = footer.getByTestId('install-app');
  await expect(install).toHaveAttribute('data-state', 'manual');
  await expect(install).toContainText('在浏览器菜单中选择“安装”或“添加到主屏幕”');
  await expect(install.getByRole('button')).toHaveCount(0);

  // When the browser offers it (beforeinstallprompt), 安装应用 opens the browser's own dialog.
  await page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    const calls = ((window as unknown as { promptCalls: number }).promptCalls = 0);
    Object.assign(offer, {
      prompt: () => {
        (window as unknown as { promptCalls: number }).promptCalls = calls + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
  const button = install.getByRole('button', { name: '安装应用' });
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
  // The offer is used up; once the browser reports the install, the footer says so.
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveAttribute('data-state', 'installed');
  await expect(install).toContainText('已安装');
});
