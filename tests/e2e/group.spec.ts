import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isMobile, openCategory, openHome, scrollToListEnd } from './helpers.ts';

/** The first seeded item of each tab (server/seed/brand.ts), newest first. */
const FIRST = {
  bubble: '本周六放映《城市之光》修复版',
  business: '社区放映场地合作',
  news: '版本更新：观看记录可以跨设备同步了',
  service: '在线帮助台',
  recruitment: '招募：字幕志愿者（英语、日语）',
};

const tab = (page: Page, name: string) => page.getByRole('tablist', { name: '圈子分类' }).getByRole('tab', { name });
const list = (page: Page) => page.getByTestId('group-list');
const cards = (page: Page) => list(page).getByTestId('brand-card');
const typeOf = (url: string) => new URL(url).searchParams.get('type');

/** Every brand list request's body, as the page sent it (the service worker signs it on the way). */
function recordListRequests(page: Page): { path: string; body: { page: number; pageSize: number; type?: string } }[] {
  const seen: { path: string; body: { page: number; pageSize: number; type?: string } }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/api\/app\/brand\/(information|offering|recruitment)$/.test(path)) seen.push({ path, body: request.postDataJSON() });
  });
  return seen;
}

test('the header menu opens the group area; the tabs switch the list and the address, by pointer and by keys', async ({ page }) => {
  await openHome(page);
  await openCategory(page, '圈子');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/group');
  await expect(tab(page, '泡泡')).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page).first()).toContainText(FIRST.bubble);
  await expect(cards(page).first()).toHaveAttribute('data-type', 'bubble');
  const historyLength = await page.evaluate(() => history.length);

  // 资讯 by pointer: the address names it, the list is news.
  await tab(page, '资讯').click();
  await expect.poll(() => typeOf(page.url())).toBe('news');
  await expect(tab(page, '资讯')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '泡泡')).toHaveAttribute('aria-selected', 'false');
  await expect(cards(page).first()).toContainText(FIRST.news);
  await expect(cards(page).first()).toHaveAttribute('data-type', 'news');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'group-tab-news');

  // Arrow keys move the selection and the address, wrapping at the end.
  await tab(page, '资讯').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, '服务')).toBeFocused();
  await expect.poll(() => typeOf(page.url())).toBe('service');
  await expect(cards(page).first()).toContainText(FIRST.service);
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, '泡泡')).toBeFocused();
  await expect.poll(() => typeOf(page.url())).toBeNull();
  await expect(cards(page).first()).toContainText(FIRST.bubble);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => typeOf(page.url())).toBe('service');

  // 商务: the open calls first, more of them on request, then the offerings.
  await tab(page, '商务').click();
  await expect.poll(() => typeOf(page.url())).toBe('business');
  const calls = page.getByTestId('group-calls').getByTestId('brand-card');
  await expect(calls).toHaveCount(3);
  await expect(calls.first()).toContainText(FIRST.recruitment);
  await expect(calls.first().getByTestId('brand-deadline')).toHaveText(/截止/);
  await page.getByTestId('group-recruitment').getByRole('button', { name: '加载更多' }).click();
  await expect(calls).toHaveCount(6);
  await expect(cards(page).first()).toContainText(FIRST.business);
  await expect(cards(page).first()).toHaveAttribute('data-type', 'business');

  // Switching tabs replaced the entry each time: one step back leaves the group area.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  if (isMobile(page)) {
    // Tap targets: each tab and each card at least 44 px high, the four tabs across the width.
    for (const name of ['泡泡', '商务', '资讯', '服务']) {
      const box = (await tab(page, name).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      expect(box.width, name).toBeGreaterThanOrEqual(75);
    }
    const card = (await cards(page).first().getByRole('link').boundingBox())!;
    expect(card.height).toBeGreaterThanOrEqual(44);
  }
});

test('a tab keeps its list in pages: the second page comes on scroll, every item once', async ({ page }) => {
  const requests = recordListRequests(page);
  await page.goto('/group');
  await expect(cards(page).first()).toContainText(FIRST.bubble);
  const bubbles = () => requests.filter((r) => r.body.type === 'bubble');
  expect(bubbles()[0]!.body).toEqual({ page: 1, pageSize: 6, type: 'bubble' });
  if (isMobile(page)) {
    // A phone shows the first page until the reader scrolls.
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByTestId('list-end')).toBeHidden();
    expect(bubbles()).toHaveLength(1);
  }
  await scrollToListEnd(page);
  await expect(cards(page)).toHaveCount(12);
  const ids = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-brand-id')));
  expect(new Set(ids).size).toBe(12);
  expect(bubbles().map((r) => r.body.page)).toEqual([1, 2]);
  // Every picture is drawn in a box of its own shape, loaded once it nears the view.
  const image = cards(page).last().getByTestId('masked-image');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('data-state', 'loaded');
  const box = (await image.boundingBox())!;
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);
  // A row's thumbnail keeps its own 4:3 box whatever the picture's shape.
  await tab(page, '资讯').click();
  const thumb = cards(page).first().getByTestId('masked-image');
  await expect(thumb).toHaveAttribute('data-state', 'loaded');
  const thumbBox = (await thumb.boundingBox())!;
  expect(Math.abs(thumbBox.width / thumbBox.height - 4 / 3)).toBeLessThan(0.05);
});

test('an item opens with its whole text, and back returns to its tab', async ({ page }) => {
  await page.goto('/group');
  await expect(cards(page).first()).toContainText(FIRST.bubble);
  await tab(page, '资讯').click();
  await expect(cards(page).first()).toContainText(FIRST.news);
  await cards(page).first().getByRole('link').click();

  await expect.poll(() => new URL(page.url()).pathname).toBe('/groupDetail');
  expect(new URL(page.url()).searchParams.get('id')).toBe('3301');
  const detail = page.getByTestId('group-detail');
  await expect(detail.getByTestId('group-title')).toHaveText(FIRST.news);
  await expect(detail).toHaveAttribute('data-type', 'news');
  const body = detail.getByTestId('group-body');
  await expect(body.locator('p')).toHaveCount(3);
  await expect(body.locator('p').first()).toContainText('注册会员的观看记录会同步到账号');
  await expect(detail.getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
  // Others of its kind beside it, without the item itself.
  const more = page.getByTestId('group-more');
  await expect(more.getByTestId('brand-card').first()).toBeVisible();
  await expect(more.locator('[data-brand-id="3301"]')).toHaveCount(0);

  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/group');
  expect(typeOf(page.url())).toBe('news');
  await expect(tab(page, '资讯')).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page).first()).toContainText(FIRST.news);
});

test('a call for volunteers shows when it closes; see all leads back to 商务', async ({ page }) => {
  await page.goto('/group?type=business');
  await page.getByTestId('group-calls').getByTestId('brand-card').first().getByRole('link').click();
  const detail = page.getByTestId('group-detail');
  await expect(detail.getByTestId('group-title')).toHaveText(FIRST.recruitment);
  await expect(detail).toContainText('招募');
  await expect(detail.getByTestId('brand-deadline')).toHaveText(/截止/);
  await page.getByTestId('group-view-all').click();
  await expect.poll(() => typeOf(page.url())).toBe('business');
  await expect(tab(page, '商务')).toHaveAttribute('aria-selected', 'true');
});

test('an unknown or malformed id shows the not-found page with a way back to the groups', async ({ page }) => {
  for (const id of ['999999', 'abc']) {
    await page.goto(`/groupDetail?id=${id}`);
    const missing = page.getByTestId('group-not-found');
    await expect(missing, id).toContainText('内容不存在');
    await expect(page.getByRole('heading', { name: '圈子详情' })).toBeVisible();
  }
  await page.getByTestId('group-not-found').getByRole('link', { name: '去圈子看看' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/group');
  await expect(cards(page).first()).toBeVisible();
});

test('loading a tab and its pictures shifts no layout', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/group');
  await expect(cards(page).first().getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.1);
});
