import type { Page } from '@playwright/test';
import { imageWidthFor } from '../../protocol/image-widths.ts';
import { expect, test } from './fixtures.ts';
import { openHome } from './helpers.ts';
import { openControlledHome, showSlide, stubOutsidePages } from './home-helpers.ts';

const SEEDED_BANNERS = ['美食频道上新', '专题：城市漫游指南', '纪实题材精选', '会拍照的创作者', '全部标签', '创作者林夏', '按题材浏览', '欢迎来到 MD 视频'];
const mobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 824;

/** "199.9W" → 1999000, "1.2K" → 1200, "86" → 86. */
function parseCount(text: string): number {
  const m = /([\d.]+)\s*([KW]?)/.exec(text);
  if (!m) throw new Error(`no count in ${text}`);
  return Number(m[1]) * (m[2] === 'W' ? 10_000 : m[2] === 'K' ? 1_000 : 1);
}

/** A horizontal swipe with real touch events, as a finger makes it. */
async function swipeLeft(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.85;
  const to = box.x + box.width * 0.15;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * i) / 8, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe('home top sections', () => {
  test('banners show the seeded slides, images sized before they load, and autoplay advances', async ({ page }) => {
    await openHome(page);
    const banners = page.getByTestId('home-banners');
    const slides = banners.getByTestId('home-banners-slide');
    await expect(slides).toHaveCount(SEEDED_BANNERS.length);
    // Slides out of view have not loaded yet: their placeholder carries the name until the image does.
    const names = () =>
      slides.evaluateAll((els) => els.map((el) => el.querySelector('img')?.alt ?? el.querySelector('[role="img"]')?.getAttribute('aria-label')));
    await expect.poll(names).toEqual(SEEDED_BANNERS);
    // Each slide but the bindType 0 one is a link named for its banner.
    await expect(slides.getByRole('link')).toHaveCount(SEEDED_BANNERS.length - 1);
    // Size hints on every image, and the first slide's image really decodes.
    const first = slides.first().locator('img');
    await expect(first).toHaveAttribute('width', '960');
    await expect(first).toHaveAttribute('height', '400');
    await expect(slides.first().getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
    // The stored width that fills the slot at the device's pixel ratio, not the 960 px original.
    const slot = await first.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, need: img.getBoundingClientRect().width * devicePixelRatio }));
    expect(slot.natural).toBe(Math.min(imageWidthFor(slot.need) ?? 960, 960));

    // Autoplay may already have moved on while the images loaded on a busy machine: it must move again.
    const shown = (await banners.getAttribute('data-active-index')) ?? '';
    expect(shown).toMatch(/^\d+$/);
    await expect(banners).not.toHaveAttribute('data-active-index', shown, { timeout: 10_000 });
    await expect(banners.getByRole('button', { name: /^第 \d+ 张$/ }).and(page.locator('[aria-current="true"]'))).toHaveCount(1);
  });

  test.describe('without autoplay', () => {
    test.use({ reducedMotion: 'reduce' });

    test('banners move by swipe on mobile, and by arrows, keys and dots on desktop', async ({ page }) => {
      await openHome(page);
      const banners = page.getByTestId('home-banners');
      await expect(banners.getByTestId('home-banners-slide')).toHaveCount(SEEDED_BANNERS.length);
      await expect(banners).toHaveAttribute('data-active-index', '0');
      // Reduced motion: nothing moves by itself.
      await page.waitForTimeout(5000);
      await expect(banners).toHaveAttribute('data-active-index', '0');

      if (mobile(page)) {
        await expect(banners.getByTestId('home-banners-next')).toBeHidden();
        const box = (await banners.boundingBox())!;
        await swipeLeft(page, box);
        await expect(banners).toHaveAttribute('data-active-index', '1');
        await expect(banners.getByTestId('home-banners-slide').nth(1)).toBeInViewport({ ratio: 0.95 });
        await swipeLeft(page, box);
        await expect(banners).toHaveAttribute('data-active-index', '2');
      } else {
        await banners.getByTestId('home-banners-next').click();
        await expect(banners).toHaveAttribute('data-active-index', '1');
        await page.keyboard.press('ArrowRight');
        await expect(banners).toHaveAttribute('data-active-index', '2');
        await page.keyboard.press('ArrowLeft');
        await expect(banners).toHaveAttribute('data-active-index', '1');
        await banners.getByTestId('home-banners-prev').click();
        await expect(banners).toHaveAttribute('data-active-index', '0');
      }
      await banners.getByRole('button', { name: '第 4 张' }).click();
      await expect(banners).toHaveAttribute('data-active-index', '3');
      await expect(banners.getByTestId('home-banners-slide').nth(3)).toBeInViewport({ ratio: 0.95 });
    });

    test('the ad carousel shows the home_banner ads; a click records it and opens the ad link', async ({ page, context }) => {
      await stubOutsidePages(context);
      await openControlledHome(page);
      const ads = page.getByTestId('home-ads');
      const slides = ads.getByTestId('home-ads-slide');
      await expect(slides).toHaveCount(3);
      expect(await slides.evaluateAll((els) => els.map((el) => el.getAttribute('data-ad-id')))).toEqual(['1', '2', '3']);
      await expect(slides.first().getByText('广告')).toBeVisible();

      // Ad 2 names its link in `url`.
      const slide = slides.nth(1);
      await showSlide(ads, slide);
      const click = page.waitForRequest((r) => r.url().endsWith('/api/app/advertise/click') && r.method() === 'POST');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/app/advertise/click'));
      const popup = page.waitForEvent('popup');
      await slide.getByRole('link').click();
      expect((await click).postDataJSON()).toEqual({ id: 2 });
      expect((await (await answered).json()).code).toBe(200);
      const opened = await popup;
      await opened.waitForLoadState();
      expect(opened.url()).toBe('https://example.com/topics/nature');
      // The home page stays where it was.
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  test('boxes and rankings render from home/index; a ranked video opens its page', async ({ page }) => {
    await openHome(page);
    const boxes = page.getByTestId('home-box');
    await expect(boxes).toHaveCount(2);
    await expect(boxes.nth(0).getByRole('heading', { level: 2 })).toHaveText('编辑精选');
    await expect(boxes.nth(1).getByRole('heading', { level: 2 })).toHaveText('大家都在聊');
    await expect(boxes.nth(0).getByTestId('box-video-card')).toHaveCount(6);
    await expect(boxes.nth(1).getByTestId('box-video-card')).toHaveCount(6);

    const rankings = page.getByTestId('home-rankings');
    await expect(rankings.getByRole('tab')).toHaveText(['热播榜', '收藏榜', '新片榜']);
    await expect(rankings.getByRole('tab', { name: '热播榜' })).toHaveAttribute('aria-selected', 'true');
    const items = rankings.getByTestId('ranking-item');
    await expect(items).toHaveCount(10);
    expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-rank')))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await expect(items.first().getByLabel('第 1 名')).toHaveText('1');
    // 热播榜 is ordered by plays, most first.
    const plays = (await items.locator('span', { hasText: '次播放' }).allTextContents()).map(parseCount);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));

    await rankings.getByRole('tab', { name: '新片榜' }).click();
    await expect(rankings.getByTestId('ranking-list')).toHaveAttribute('data-ranking', '新片榜');
    const id = await items.nth(2).getAttribute('data-video-id');
    await items.nth(2).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/videoDetails\\?id=${id}$`));
  });

  test('a list ad sits at its position in the list; a click records it and opens the ad link', async ({ page, context }) => {
    await stubOutsidePages(context);
    await openControlledHome(page);
    const tiles = page.getByTestId('video-grid').locator(':scope > article');
    // Page one: an ad after the 4th video and after the 12th (list-ads.ts), the two home_list ads in turn.
    await expect(tiles.nth(4)).toHaveAttribute('data-testid', 'list-ad');
    await expect(tiles.nth(4)).toHaveAttribute('data-ad-id', '4');
    await expect(tiles.nth(13)).toHaveAttribute('data-testid', 'list-ad');
    await expect(tiles.nth(13)).toHaveAttribute('data-ad-id', '5');
    expect(await tiles.evaluateAll((els) => els.slice(0, 22).filter((el) => el.dataset.testid === 'list-ad').length)).toBe(2);
    await expect(tiles.nth(3)).toHaveAttribute('data-testid', 'video-card');
    await expect(tiles.nth(5)).toHaveAttribute('data-testid', 'video-card');

    const ad = tiles.nth(4);
    await ad.scrollIntoViewIfNeeded();
    await expect(ad.getByText('广告')).toBeVisible();
    const click = page.waitForRequest((r) => r.url().endsWith('/api/app/advertise/click') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/app/advertise/click'));
    const popup = page.waitForEvent('popup');
    await ad.getByRole('link').click();
    expect((await click).postDataJSON()).toEqual({ id: 4 });
    expect((await (await answered).json()).code).toBe(200);
    const opened = await popup;
    await opened.waitForLoadState();
    // Ad 4 names its link in `link`.
    expect(opened.url()).toBe('https://example.com/travel/weekend');
  });

  test('the second page of the list continues the ads cycle', async ({ page }) => {
    await openHome(page);
    const tiles = page.getByTestId('video-grid').locator(':scope > article');
    await expect(tiles.nth(13)).toHaveAttribute('data-ad-id', '5');
    await page.getByTestId('load-more').scrollIntoViewIfNeeded();
    // Page two starts at tile 22: its first ad four videos in, its second after twelve.
    await expect(tiles.nth(26)).toHaveAttribute('data-testid', 'list-ad');
    await expect(tiles.nth(26)).toHaveAttribute('data-ad-id', '4');
    await expect(tiles.nth(35)).toHaveAttribute('data-ad-id', '5');
  });

  test('loading the top sections shifts no layout', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openHome(page);
    await expect(page.getByTestId('home-rankings')).toBeVisible();
    await expect(page.getByTestId('home-banners').getByTestId('masked-image').first()).toHaveAttribute('data-state', 'loaded');
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.1);
  });

  test('the carousels are drawn before Swiper runs, and starting it moves no slide', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    const banners = page.getByTestId('home-banners');
    const slides = banners.getByTestId('home-banners-slide');
    await expect(slides.first().getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
    // Nothing has moved the carousel: Swiper has not started.
    await expect(banners.locator('.swiper-initialized')).toHaveCount(0);
    const boxes = async () => Promise.all([0, 1, 2].map(async (i) => (await slides.nth(i).boundingBox())!));
    const before = await boxes();
    // The first slide fills the view (a phone) or the first of its columns (desktop).
    expect(before[0]!.width).toBeGreaterThan(100);
    // A pointer over the carousel (or a touch) starts Swiper.
    if (mobile(page)) await banners.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: 10 });
    else await banners.hover();
    await expect(banners.locator('.swiper-initialized')).toHaveCount(1);
    const after = await boxes();
    for (const [i, box] of after.entries()) {
      expect(Math.abs(box.x - before[i]!.x), `slide ${i} x`).toBeLessThan(1);
      expect(Math.abs(box.width - before[i]!.width), `slide ${i} width`).toBeLessThan(1);
      expect(Math.abs(box.y - before[i]!.y), `slide ${i} y`).toBeLessThan(1);
    }
    await expect(banners).toHaveAttribute('data-active-index', '0');
  });

  test('a category page shows its own boxes and list, and no banners or banner ads', async ({ page }) => {
    await page.goto('/?id=103&tit=%E7%BE%8E%E9%A3%9F');
    await expect(page.getByRole('heading', { level: 1, name: '美食' })).toBeVisible();
    await expect(page.getByTestId('home-box')).toHaveCount(2);
    await expect(page.getByTestId('video-card').first()).toBeVisible();
    await expect(page.getByTestId('home-banners')).toHaveCount(0);
    await expect(page.getByTestId('home-ads')).toHaveCount(0);
    await expect(page.getByTestId('home-page')).toHaveAttribute('data-category-id', '103');
  });
});

// A touch gesture: the desktop project leaves out titles tagged @touch (playwright.config.ts).
test('pulling the home page down from the top refreshes the sections and the list @touch', async ({ page }) => {
  expect(mobile(page)).toBe(true);
  await openHome(page);
  await expect(page.getByTestId('home-rankings')).toBeVisible();
  const cards = page.getByTestId('video-card');
  // The first page is drawn whole (its last cards follow the first in a transition) before scrolling.
  await expect(cards).toHaveCount(20);
  // A second page loaded first: the refresh goes back to page one rather than fetching both again.
  await page.mouse.wheel(0, 20_000);
  await expect.poll(() => cards.count()).toBeGreaterThan(20);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/video/list') || r.url().endsWith('/api/app/home/index')) calls.push(new URL(r.url()).pathname);
  });
  const touch = await page.context().newCDPSession(page);
  const x = 187;
  const root = page.getByTestId('pull-to-refresh');
  const indicator = page.getByTestId('pull-indicator');

  // A short pull springs back and fetches nothing.
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 300 }] });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 340 }] });
  await expect(root).toHaveAttribute('data-phase', 'pulling');
  await expect(indicator).toHaveText(/下拉刷新/);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(root).toHaveAttribute('data-phase', 'idle');
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);

  // A long one arms, and letting go refreshes.
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 300 }] });
  for (const y of [340, 380, 420, 460]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  await expect(root).toHaveAttribute('data-phase', 'armed');
  await expect(indicator).toHaveText(/释放刷新/);
  // The content follows the finger down while the page itself stays at the top.
  expect(
    await root
      .locator('> div')
      .nth(1)
      .evaluate((el) => getComputedStyle(el).transform),
  ).not.toBe('none');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => [...new Set(calls)].sort()).toEqual(['/api/app/home/index', '/api/app/video/list']);
  await expect(root).toHaveAttribute('data-phase', 'idle');
  expect(calls.filter((c) => c === '/api/app/video/list')).toHaveLength(1);
  await expect.poll(() => cards.count()).toBeLessThanOrEqual(20);
  await expect(cards.first()).toBeVisible();
});
