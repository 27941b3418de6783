import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStore, isMobile, openHome } from './helpers.ts';

async function openSearch(page: Page) {
  if (isMobile(page)) await page.getByRole('link', { name: '搜索' }).click();
  else await page.locator('header').getByRole('link', { name: /搜索/ }).click();
  await expect(page).toHaveURL(isMobile(page) ? /\/searchPage/ : /\/pcSearchPage/);
  await expect(page.getByTestId('hot-searches')).toBeVisible();
}

async function searchFor(page: Page, term: string) {
  const box = page.getByRole('searchbox', { name: '搜索关键词' });
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchResult\?keyword=/);
}

test('a Chinese substring finds its video, highlighted, and opens it', async ({ page }) => {
  await openHome(page);
  await openSearch(page);
  await searchFor(page, '青石');
  const hit = page.getByTestId('search-result').filter({ hasText: '雨后老街的青石板路' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('青石');
  await hit.click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  await expect(page.getByRole('heading', { name: '雨后老街的青石板路' })).toBeVisible();
});

test('search history keeps 10 unique terms, newest first, and clears', async ({ page }) => {
  await openHome(page);
  await openSearch(page);
  const terms = ['云海', '拉面', '古镇', '日出', '骑行', '地铁', '潮汐', '候鸟', '沙漠', '桂花', '火车'];
  for (const term of [...terms, '拉面']) {
    await searchFor(page, term);
    await page.goBack();
  }
  const expected = ['拉面', ...terms.slice(2).reverse()];
  expect(expected).toHaveLength(10);
  await expect(page.getByTestId('search-history').getByRole('button')).toHaveText(expected);
  expect(((await appStore(page)) as { searchRecord?: string[] }).searchRecord).toEqual(expected);

  await page.getByRole('button', { name: '清空' }).click();
  await page.getByRole('button', { name: '确认清空' }).click();
  await expect(page.getByTestId('search-history')).toHaveCount(0);
  expect(((await appStore(page)) as { searchRecord?: string[] }).searchRecord).toEqual([]);
});

test('hot searches change batch and a hot term searches', async ({ page }) => {
  await openHome(page);
  await openSearch(page);
  const hot = page.getByTestId('hot-searches').getByRole('button');
  await expect(hot).toHaveCount(10);
  const first = await hot.allTextContents();
  await page.getByRole('button', { name: '换一批' }).click();
  await expect.poll(() => hot.allTextContents()).not.toEqual(first);
  await hot.first().click();
  await expect(page).toHaveURL(/\/searchResult\?keyword=/);
  await expect(page.getByTestId('search-total').or(page.getByText('没有找到相关视频'))).toBeVisible();
});

test('creators and tags matching the keyword are listed above the videos and open their pages', async ({ page }) => {
  await page.goto('/searchResult?keyword=' + encodeURIComponent('摄影'));
  const tags = page.getByTestId('search-tag');
  await expect(tags.filter({ hasText: '延时摄影' })).toBeVisible();
  await expect(tags.filter({ hasText: '延时摄影' }).locator('mark')).toHaveText('摄影');
  await tags.filter({ hasText: '延时摄影' }).click();
  await expect(page).toHaveURL(/\/tagDetails\?tid=404&contentType=2/);

  await page.goto('/searchResult?keyword=' + encodeURIComponent('林夏'));
  const creator = page.getByTestId('search-actress').filter({ hasText: '林夏' });
  await expect(creator).toBeVisible();
  // No video mentions the name: the creator section still answers, above an empty video list.
  await expect(page.getByText('没有找到相关视频')).toBeVisible();
  await creator.click();
  await expect(page).toHaveURL(/\/actressPage\?id=2001/);
});

test('posts matching a Chinese substring are listed, highlighted, open their detail and back returns', async ({ page }) => {
  await openHome(page);
  await openSearch(page);
  await searchFor(page, '装备清');
  const posts = page.getByTestId('search-posts');
  await expect(posts.getByRole('heading', { name: /相关帖子/ })).toBeVisible();
  const hit = page.getByTestId('search-post').filter({ hasText: '新手徒步装备清单' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('h3 mark')).toHaveText('装备清');
  // Only the post matches: its section answers above an empty video list.
  await expect(page.getByText('没有找到相关视频')).toBeVisible();
  await hit.click();
  await expect(page).toHaveURL(/\/postDetail\?id=\d+/);
  await expect(page.getByTestId('post-title')).toHaveText('新手徒步装备清单');
  await expect(page.getByTestId('post-body').locator('p')).toHaveCount(2);
  await expect(page.getByTestId('post-body')).toContainText('登山鞋、速干衣、冲锋衣');
  await expect(page.getByTestId('post-video')).toContainText('雪山脚下的徒步路线');
  await page.goBack();
  await expect(page).toHaveURL(/\/searchResult\?keyword=/);
  await expect(page.getByTestId('search-post').filter({ hasText: '新手徒步装备清单' })).toBeVisible();
});

test('a post matched in its body shows the excerpt around the match; an unknown post says so', async ({ page }) => {
  await page.goto('/searchResult?keyword=' + encodeURIComponent('镜头防抖'));
  const hit = page.getByTestId('search-post').filter({ hasText: '星空延时摄影的入门设置' });
  await expect(hit.locator('p mark')).toHaveText('镜头防抖');
  // A few posts at first, the rest a tap away.
  await page.goto('/searchResult?keyword=' + encodeURIComponent('拍'));
  const posts = page.getByTestId('search-post');
  await expect(posts).toHaveCount(3);
  await page.getByRole('button', { name: '更多帖子' }).click();
  await expect(posts).toHaveCount(5);
  await expect(page.getByRole('button', { name: '更多帖子' })).toHaveCount(0);
  await page.goto('/postDetail?id=1');
  await expect(page.getByTestId('post-not-found')).toBeVisible();
  await page.goto('/postDetail');
  await expect(page.getByTestId('post-not-found')).toBeVisible();
});
