import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { appStore, isMobile, openHome } from './helpers.ts';

/** The search box: the search page's on phones, the header's combobox on desktop. */
function searchBox(page: Page) {
  return isMobile(page) ? page.getByRole('searchbox', { name: '搜索关键词' }) : page.getByRole('combobox', { name: '搜索关键词' });
}

/** Phones open the search page from the header's icon; on desktop the header's box opens its suggestions. */
async function openSearch(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('link', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/searchPage/);
    await expect(page.getByTestId('hot-searches')).toBeVisible();
  } else {
    await searchBox(page).click();
    await expect(page.getByRole('listbox', { name: '搜索建议' }).getByRole('group', { name: '热门搜索' })).toBeVisible();
  }
}

async function searchFor(page: Page, term: string) {
  const box = searchBox(page);
  await box.fill(term);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchResult\?keyword=/);
  await expect(searchBox(page)).toHaveValue(term);
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
  expect(((await appStore(page)) as { searchRecord?: string[] }).searchRecord).toEqual(expected);

  if (isMobile(page)) {
    await expect(page.getByTestId('search-history').getByRole('button')).toHaveText(expected);
    await page.getByRole('button', { name: '清空' }).click();
    await page.getByRole('button', { name: '确认清空' }).click();
    await expect(page.getByTestId('search-history')).toHaveCount(0);
  } else {
    // The header's suggestions show the five newest; 清空搜索历史 under them empties the list.
    await searchBox(page).click();
    const history = page.getByRole('group', { name: '搜索历史' }).getByRole('option');
    await expect(history).toHaveText(expected.slice(0, 5));
    await page.getByRole('button', { name: '清空搜索历史' }).click();
    await expect(history).toHaveCount(0);
    await expect(page.getByRole('group', { name: '热门搜索' })).toBeVisible();
  }
  expect(((await appStore(page)) as { searchRecord?: string[] }).searchRecord).toEqual([]);
});

test('hot searches change batch and a hot term searches', async ({ page }) => {
  await openHome(page);
  if (isMobile(page)) await openSearch(page);
  else {
    // The old desktop search page's links still work: they open the search page.
    await page.goto('/pcSearchPage');
    await expect(page).toHaveURL(/\/searchPage$/);
  }
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

const tabs = (page: Page) => page.getByRole('tablist', { name: '搜索结果分类' });
const typeOf = (page: Page) => new URL(page.url()).searchParams.get('type');

test('results come in tabs by type, each listing that type alone; the tab stays through a reload and back', async ({ page }) => {
  await page.goto('/searchResult?keyword=' + encodeURIComponent('摄影'));
  await expect(tabs(page).getByRole('tab')).toHaveText(['综合', '视频', '演员', '标签', '帖子']);
  await expect(tabs(page).getByRole('tab', { name: '综合' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: '综合' });
  // 综合 mixes the sections: tags and posts above the videos.
  await expect(panel.getByTestId('search-tag').filter({ hasText: '延时摄影' })).toBeVisible();
  await expect(panel.getByTestId('search-post').first()).toBeVisible();

  await tabs(page).getByRole('tab', { name: '标签' }).click();
  await expect.poll(() => typeOf(page)).toBe('tag');
  const tagPanel = page.getByRole('tabpanel', { name: '标签' });
  await expect(tagPanel.getByTestId('search-tag').filter({ hasText: '延时摄影' })).toBeVisible();
  await expect(tagPanel.getByTestId('search-total')).toHaveText(/找到 \d+ 个相关标签/);
  await expect(page.getByTestId('search-post')).toHaveCount(0);
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  await expect(page.getByTestId('search-actress')).toHaveCount(0);

  // The arrow keys move between tabs (ARIA tabs), and the address follows.
  await tabs(page).getByRole('tab', { name: '标签' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs(page).getByRole('tab', { name: '帖子' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs(page).getByRole('tab', { name: '帖子' })).toBeFocused();
  await expect.poll(() => typeOf(page)).toBe('post');
  const posts = page.getByRole('tabpanel', { name: '帖子' }).getByTestId('search-post');
  await expect(posts.filter({ hasText: '星空延时摄影的入门设置' })).toBeVisible();
  await expect(page.getByTestId('search-tag')).toHaveCount(0);
  await expect(page.getByTestId('search-result')).toHaveCount(0);

  await page.reload();
  await expect(tabs(page).getByRole('tab', { name: '帖子' })).toHaveAttribute('aria-selected', 'true');
  await posts.filter({ hasText: '星空延时摄影的入门设置' }).click();
  await expect(page).toHaveURL(/\/postDetail\?id=\d+/);
  await page.goBack();
  await expect(page).toHaveURL(/\/searchResult\?/);
  expect(typeOf(page)).toBe('post');
  await expect(tabs(page).getByRole('tab', { name: '帖子' })).toHaveAttribute('aria-selected', 'true');
  await expect(posts.filter({ hasText: '星空延时摄影的入门设置' })).toBeVisible();

  // 视频 lists the videos alone; 综合 again drops the type from the address.
  await page.goto('/searchResult?keyword=' + encodeURIComponent('青石') + '&type=video');
  await expect(tabs(page).getByRole('tab', { name: '视频' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('search-result').filter({ hasText: '雨后老街的青石板路' })).toBeVisible();
  await expect(page.getByTestId('search-total')).toHaveText(/找到 \d+ 个相关视频/);
  await tabs(page).getByRole('tab', { name: '综合' }).click();
  await expect.poll(() => typeOf(page)).toBeNull();
  await expect(page.getByTestId('search-result').filter({ hasText: '雨后老街的青石板路' })).toBeVisible();
});

test('the 演员 tab lists the matching performers alone; an empty tab says so', async ({ page }) => {
  await page.goto('/searchResult?keyword=' + encodeURIComponent('林夏') + '&type=actress');
  const panel = page.getByRole('tabpanel', { name: '演员' });
  await expect(panel.getByTestId('search-actress').filter({ hasText: '林夏' })).toBeVisible();
  await expect(panel.getByTestId('search-total')).toHaveText(/找到 \d+ 位相关演员/);
  await expect(page.getByTestId('search-result')).toHaveCount(0);
  await expect(page.getByTestId('search-tag')).toHaveCount(0);
  await tabs(page).getByRole('tab', { name: '帖子' }).click();
  await expect(page.getByRole('tabpanel', { name: '帖子' }).getByText('没有找到相关帖子')).toBeVisible();
  await expect(page.getByTestId('search-actress')).toHaveCount(0);
});
