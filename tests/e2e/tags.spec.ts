import { expect, test } from './fixtures.ts';

test('the tag list groups video and performer tags by category', async ({ page }) => {
  await page.goto('/tagList');
  const video = page.getByTestId('video-tags');
  const actress = page.getByTestId('actress-tags');
  await expect(video.getByRole('heading', { name: '视频标签' })).toBeVisible();
  await expect(actress.getByRole('heading', { name: '演员标签' })).toBeVisible();
  // Seeded categories: 题材, 风格, 场景 for videos; 擅长, 形象 for performers.
  await expect(video.getByTestId('tag-category')).toHaveCount(3);
  await expect(actress.getByTestId('tag-category')).toHaveCount(2);
  await expect(video.getByTestId('tag-category-link').first()).toContainText('题材');
  await expect(actress.getByTestId('tag-category-link').first()).toContainText('擅长');
  await expect(video.getByTestId('tag-chip')).toHaveCount(24);
  await expect(actress.getByTestId('tag-chip')).toHaveCount(12);
});

test('a video tag opens its videos, sorted by the tabs, with a link to its reviews', async ({ page }) => {
  await page.goto('/tagList');
  const chip = page.getByTestId('video-tags').getByTestId('tag-chip').first();
  const name = (await chip.textContent())!.replace(/[\d.KW]+$/, '').trim();
  await chip.click();
  await expect(page).toHaveURL(/\/tagDetails\?tid=\d+&contentType=2$/);
  const tid = new URL(page.url()).searchParams.get('tid');
  await expect(page.getByTestId('tag-head')).toContainText(name);
  await expect(page.getByTestId('tag-count')).toContainText('个视频');
  await expect(page.getByTestId('tag-video').first()).toBeVisible();
  await expect(page.locator('[data-testid="tag-sibling"][aria-current="page"]')).toHaveText(name);

  await page.getByTestId('sort-tab').filter({ hasText: '最热' }).click();
  await expect(page).toHaveURL(new RegExp(`/tagDetails\\?tid=${tid}&sort=1&contentType=2$`));
  await expect(page.getByTestId('tag-video').first()).toBeVisible();

  const reviews = page.getByTestId('tag-reviews-link');
  await expect(reviews).toHaveText(/相关影评/);
  await reviews.click();
  await expect(page).toHaveURL(new RegExp(`/tagReviews\\?tid=${tid}$`));
});

test('a performer tag opens the performer list filtered by it', async ({ page }) => {
  await page.goto('/tagList');
  const chip = page.getByTestId('actress-tags').getByTestId('tag-chip').first();
  await chip.click();
  await expect(page).toHaveURL(/\/actressList\?tid=\d+$/);
  await expect(page.locator('[data-testid="actress-filter-chip"][aria-current="true"]')).toHaveAttribute('data-kind', 'tag');
});

test('category titles open the whole category', async ({ page }) => {
  await page.goto('/tagList');
  await page.getByTestId('video-tags').getByTestId('tag-category-link').first().click();
  await expect(page).toHaveURL(/\/tagDetails\?tagCateId=301$/);
  await expect(page.getByTestId('tag-head')).toContainText('题材');
  await expect(page.getByTestId('tag-video').first()).toBeVisible();
  await expect(page.getByTestId('tag-sibling').first()).toBeVisible();

  await page.goBack();
  await page.getByTestId('actress-tags').getByTestId('tag-category-link').first().click();
  await expect(page).toHaveURL(/\/actressList\?tagCateId=304$/);
  await expect(page.locator('[data-testid="actress-filter-chip"][aria-current="true"]')).toHaveText('擅长');
});

test('tag details with contentType 8 shows performers that open their page', async ({ page }) => {
  await page.goto('/tagDetails?tagCateId=304');
  await expect(page.getByTestId('tag-count')).toContainText('位演员');
  const card = page.getByTestId('actress-card').first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('tag-reviews-link')).toHaveCount(0);
  const id = await card.getAttribute('data-actress-id');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/actressPage\\?id=${id}$`));
});

test('an unknown tag shows a not-found state', async ({ page }) => {
  await page.goto('/tagDetails?tid=999999');
  await expect(page.getByTestId('tag-not-found')).toBeVisible();
  await page.goto('/tagDetails');
  await expect(page.getByTestId('tag-not-found')).toBeVisible();
});
