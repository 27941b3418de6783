import { expect, test } from './fixtures.ts';
import { isMobile, openCategory, openHome } from './helpers.ts';
import { expectLocation, showSlide } from './home-helpers.ts';

// Autoplay would move the slides under the pointer; these tests drive the carousel themselves.
test.use({ reducedMotion: 'reduce' });

/** The seeded home banners (server/seed/content-catalogue.ts), one per bindType, and where SPEC §2 sends each. */
const BANNER_ROUTES: { banner: string; bindType: number; path: string; query: Record<string, string> }[] = [
  { banner: '美食频道上新', bindType: 1, path: '/', query: { id: '103', tit: '美食频道上新' } },
  { banner: '专题：城市漫游指南', bindType: 2, path: '/topicsPage', query: { id: '501', sort: '1' } },
  { banner: '纪实题材精选', bindType: 3, path: '/tagDetails', query: { tid: '401', sort: '0', contentType: '2' } },
  { banner: '会拍照的创作者', bindType: 3, path: '/actressList', query: { tid: '425' } },
  { banner: '全部标签', bindType: 4, path: '/tagList', query: {} },
  { banner: '创作者林夏', bindType: 5, path: '/actressPage', query: { id: '2001' } },
  { banner: '按题材浏览', bindType: 6, path: '/tagDetails', query: { tagCateId: '301', sort: '0' } },
];

test.describe('banners navigate by bindType (SPEC §2)', () => {
  for (const { banner, bindType, path, query } of BANNER_ROUTES) {
    test(`bindType ${bindType}: ${banner} → ${path}`, async ({ page }) => {
      await openHome(page);
      const carousel = page.getByTestId('home-banners');
      const slide = carousel.getByTestId('home-banners-slide').filter({ has: page.getByRole('link', { name: banner, exact: true }) });
      await expect(slide).toHaveAttribute('data-bind-type', String(bindType));
      await showSlide(carousel, slide);
      const before = await page.evaluate(() => history.length);
      await slide.getByRole('link').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      expectLocation(page.url(), path, query);
      // A new page adds a history entry, and back returns home.
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      if (bindType === 1) {
        await expect(page.getByRole('heading', { level: 1, name: banner })).toBeVisible();
        await expect(page.getByTestId('home-page')).toHaveAttribute('data-category-id', '103');
      }
      await page.goBack();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect(page.getByTestId('home-banners')).toBeVisible();
    });
  }

  test('bindType 0: the welcome banner is a picture that goes nowhere', async ({ page }) => {
    await openHome(page);
    const carousel = page.getByTestId('home-banners');
    const slide = carousel.getByTestId('home-banners-slide').and(page.locator('[data-bind-type="0"]'));
    await expect(slide).toHaveCount(1);
    await expect(slide.getByRole('link')).toHaveCount(0);
    await showSlide(carousel, slide);
    const before = page.url();
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await slide.getByRole('img', { name: '欢迎来到 MD 视频' }).click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    expect(popups).toBe(0);
  });
});

test.describe('menu items and content items', () => {
  test('a category menu item (bindType 1) opens home with its id and title; the current one replaces the entry', async ({ page }) => {
    await openHome(page);
    const menu = isMobile(page)
      ? page.getByTestId('home-page').getByRole('navigation', { name: '分类' })
      : page.getByRole('banner').getByRole('navigation', { name: '分类' });
    const before = await page.evaluate(() => history.length);
    await menu.getByRole('button', { name: '旅行' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBe('104');
    expectLocation(page.url(), '/', { id: '104', tit: '旅行' });
    await expect(page.getByTestId('home-page')).toHaveAttribute('data-category-id', '104');
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await menu.getByRole('button', { name: '旅行' }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
  });

  test('the menu links after the categories (bindType 4, jumpType 1) open 演员 and 影评 in the app', async ({ page }) => {
    await openHome(page);
    await openCategory(page, '影评');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/nav/reviews');
    await expect(page.getByTestId('review-card').first()).toBeVisible();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await openCategory(page, '演员');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/actressList');
    await expect(page.getByTestId('actress-card').first()).toBeVisible();
  });

  test('contentType 2: a video in a home box opens /videoDetails?id=', async ({ page }) => {
    await openHome(page);
    const card = page.getByTestId('home-box').first().getByTestId('box-video-card').nth(1);
    const id = await card.getAttribute('data-video-id');
    await card.getByRole('link').click();
    await expect.poll(() => page.url()).toContain('/videoDetails');
    expectLocation(page.url(), '/videoDetails', { id: id! });
  });

  test('contentType 2: a video of the paged list opens /videoDetails?id=', async ({ page }) => {
    await openHome(page);
    const card = page.getByTestId('video-grid').getByTestId('video-card').first();
    const id = await card.getAttribute('data-video-id');
    await card.getByRole('link').click();
    await expect.poll(() => page.url()).toContain('/videoDetails');
    expectLocation(page.url(), '/videoDetails', { id: id! });
  });

  test('contentType 8: a performer opens /actressPage?id=', async ({ page }) => {
    await page.goto('/actressList');
    const card = page.getByTestId('actress-card').first();
    await expect(card).toBeVisible();
    const id = await card.getAttribute('data-actress-id');
    await card.getByRole('link').click();
    await expect.poll(() => page.url()).toContain('/actressPage');
    expectLocation(page.url(), '/actressPage', { id: id! });
  });
});
