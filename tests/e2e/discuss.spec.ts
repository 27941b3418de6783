import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { isMobile, openHome, signUpAndIn } from './helpers.ts';

const picture = async (r: number, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g: 140, b: 90 } } })
    .png()
    .toBuffer(),
});

test('the discussion feed filters by topic and sorts by likes, keeping both in the address', async ({ page }) => {
  await page.goto('/discuss');
  const feed = page.getByTestId('discuss-feed');
  await expect(feed.getByTestId('post-card').first()).toBeVisible();
  // Posts with pictures show their masked images, unmasked by the service worker (the first such
  // post: other tests publish posts that come before the seeded ones).
  const thumb = feed.getByTestId('post-card').locator('[data-count] img').first();
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByTestId('discuss-tag').filter({ hasText: '#美食' }).click();
  await expect(page).toHaveURL(/tag=\d+/);
  await expect(page.getByTestId('discuss-tag').filter({ hasText: '#美食' })).toHaveAttribute('aria-pressed', 'true');
  const cards = feed.getByTestId('post-card');
  await expect(cards.first()).toContainText('#美食');
  for (const text of await cards.allInnerTexts()) expect(text).toContain('#美食');

  await page.getByTestId('sort-tab').filter({ hasText: '最热' }).click();
  await expect(page).toHaveURL(/sort=1/);
  await page.reload();
  await expect(page.getByTestId('discuss-tag').filter({ hasText: '#美食' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sort-tab').filter({ hasText: '最热' })).toHaveAttribute('aria-pressed', 'true');
  // The tabs can draw before the feed has come back from the reload: read the cards once they are there.
  await expect(feed.getByTestId('post-card').nth(2)).toBeVisible();
  const likes = await feed.getByTestId('post-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-likes'))));
  expect([...likes].sort((a, b) => b - a)).toEqual(likes);

  // The review ranking leads to a review; a guest's 发帖 asks them to sign in.
  await expect(page.getByTestId('review-rank-item')).toHaveCount(10);
  await page.getByTestId(isMobile(page) ? 'discuss-write-fab' : 'discuss-write').click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
});

test('a member writes a post with two images, finds the draft after a reload, publishes it and sees it in the feed and on /mine', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/discuss');
  await expect(page.getByTestId('discuss-centre')).toContainText('已发布 0');
  await page.getByTestId(isMobile(page) ? 'discuss-write-fab' : 'discuss-write').click();
  await expect(page).toHaveURL(/\/post$/);

  const title = `周末的湖边 ${Date.now()}`;
  const payload = '<img src=x onerror="window.__xss=1">';
  await page.getByTestId('post-title-input').fill(title);
  await page.getByTestId('post-content-input').fill(`第一段：湖边的风很舒服。\n\n${payload}`);
  await page.getByTestId('publish-file-input').setInputFiles([await picture(200, 'lake.png'), await picture(60, 'trees.png')]);
  const tiles = page.getByTestId('publish-image');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0)).toHaveAttribute('data-state', 'done');
  await expect(tiles.nth(1)).toHaveAttribute('data-state', 'done');
  await page.getByTestId('publish-tag').filter({ hasText: '#自然' }).click();
  await page.getByTestId('publish-tag').filter({ hasText: '#旅行' }).click();
  await expect(page.getByTestId('draft-state')).toHaveText('草稿已保存在本机');

  // Halfway through: a reload loses nothing.
  await page.reload();
  await expect(page.getByTestId('post-title-input')).toHaveValue(title);
  await expect(page.getByTestId('post-content-input')).toHaveValue(`第一段：湖边的风很舒服。\n\n${payload}`);
  await expect(page.getByTestId('publish-image')).toHaveCount(2);
  await expect(page.getByTestId('publish-image').first().locator('img')).toBeVisible();
  await expect(page.getByTestId('publish-tag').filter({ hasText: '#自然' })).toHaveAttribute('aria-pressed', 'true');

  // Removing one image and adding nothing else: the post carries the other.
  await page.getByTestId('publish-image-remove').nth(1).click();
  await expect(page.getByTestId('publish-image')).toHaveCount(1);
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '发布成功' })).toBeVisible();
  await expect(page).toHaveURL(/\/postDetail\?id=\d+/);
  await expect(page.getByTestId('post-title')).toHaveText(title);
  await expect(page.getByTestId('post-body')).toContainText(payload);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  await page.goto('/discuss');
  // Found by its title: a post another test writes meanwhile may come first in the shared feed.
  const mine = page.getByTestId('discuss-feed').getByTestId('post-card').filter({ hasText: title });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('#自然');
  // Images load only near the viewport: with other tests' posts above it, the card may be further down.
  await mine.scrollIntoViewIfNeeded();
  await expect(mine.locator('img')).toHaveCount(2); // avatar and the one image

  // The draft is gone once published.
  await page.goto('/post');
  await expect(page.getByTestId('post-title-input')).toHaveValue('');

  await page.goto('/mine');
  const mineList = page.getByTestId('my-posts');
  await expect(mineList.getByTestId('my-post').first()).toContainText(title);
  await expect(mineList.getByTestId('my-post-status').first()).toHaveText('已发布');
});

test('a post without a title or text is not sent, and says what is missing', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/post');
  await page.getByTestId('publish-submit').click();
  await expect(page.getByText('请输入标题')).toBeVisible();
  await expect(page.getByText('请输入内容')).toBeVisible();
  await expect(page.getByTestId('post-title-input')).toBeFocused();
  await page.getByTestId('post-title-input').fill('长'.repeat(41));
  await expect(page.getByText('41/40')).toBeVisible();
  await page.getByTestId('publish-submit').click();
  await expect(page.getByText('标题不能超过40字')).toBeVisible();
  await expect(page).toHaveURL(/\/post$/);
});
