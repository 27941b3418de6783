import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readLocalStore, scrollToListEnd, signUpAndIn } from './helpers.ts';

/** Seeded reviews 601..640, 10 a page; every third is selected (server/seed/content.ts). Members may add more. */
const REVIEW_COUNT = 40;

interface StoredReview {
  refId?: string;
  reviewId?: number;
  title?: string;
  videoId?: number;
  createdAt?: string;
}

async function likesOf(cards: Locator): Promise<number[]> {
  const texts = await cards.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  return texts.map((t) => Number(/(\d+) 赞/.exec(t)?.[1] ?? NaN));
}

const isNonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);

test('the review list has latest, hot and selected tabs and pages on as you scroll', async ({ page }) => {
  const asked: { url: string; page: number; pageSize: number }[] = [];
  page.on('request', (r) => {
    if (/\/api\/app\/review\/(list|selected)$/.test(r.url()))
      asked.push({ url: r.url(), ...(JSON.parse(r.postData() ?? '{}') as { page: number; pageSize: number }) });
  });
  await page.goto('/nav/reviews');
  const cards = page.getByTestId('review-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '最新' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards.first().getByTestId('review-score')).toHaveText(/^\d+分$/);
  await expect(cards.first().getByTestId('review-video-link')).toHaveAttribute('href', /\/videoDetails\?id=\d+$/);

  // Ten a page: every page arrives as the foot of the list nears the viewport.
  await scrollToListEnd(page);
  // The seeded reviews, and any a member wrote in an earlier test.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(REVIEW_COUNT);
  const pages = Math.ceil((await cards.count()) / 10);
  expect(asked.filter((a) => a.url.endsWith('/review/list')).map((a) => a.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
  expect(asked.every((a) => a.pageSize === 10)).toBe(true);

  await page.getByRole('tab', { name: '最热' }).click();
  await expect(page).toHaveURL(/\/nav\/reviews\?tab=hot$/);
  await expect(page.getByRole('tab', { name: '最热' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await cards.count()) >= 10 && isNonIncreasing(await likesOf(cards))).toBe(true);

  await page.getByRole('tab', { name: '精选' }).click();
  await expect(page).toHaveURL(/\/nav\/reviews\?tab=selected$/);
  // Every selected review carries the 精选 badge, most liked first.
  await expect
    .poll(async () => {
      const headings = await cards.getByRole('heading').allTextContents();
      return headings.length > 0 && headings.every((h) => h.startsWith('精选'));
    })
    .toBe(true);
  expect(isNonIncreasing(await likesOf(cards))).toBe(true);
  expect(asked.some((a) => a.url.endsWith('/review/selected'))).toBe(true);
});

test('a review opens in full, and the visit is kept in the Dexie reviews store', async ({ page }) => {
  await page.goto('/nav/reviews');
  await expect(page.getByTestId('review-card').first()).toBeVisible();
  // A seeded review (ids below 100000; members' own, which other tests write, come first and have one paragraph).
  const ids = await page.getByTestId('review-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-review-id'))));
  const id = String(ids.filter((n) => n < 100_000)[1]);
  const card = page.locator(`[data-testid="review-card"][data-review-id="${id}"]`);
  const title = (await card.getByRole('heading').textContent())!.replace(/^精选/, '').trim();
  await card.getByRole('heading').click();
  await expect(page).toHaveURL(new RegExp(`/reviewDetail\\?id=${id}$`));

  const review = page.getByTestId('review-detail');
  await expect(review).toHaveAttribute('data-review-id', id);
  await expect(review.getByTestId('review-title')).toContainText(title);
  await expect(review.getByTestId('review-author')).not.toBeEmpty();
  await expect(review.getByTestId('review-score')).toHaveAttribute('aria-label', /评分 \d+ 分/);
  // The body is plain text in paragraphs (the seed writes three), never markup.
  await expect(review.getByTestId('review-body').locator('p')).toHaveCount(3);
  await expect(review.getByTestId('review-body').locator('*:not(p)')).toHaveCount(0);
  await expect(page.getByTestId('review-video').getByRole('link')).toHaveAttribute('href', /\/videoDetails\?id=\d+$/);
  await expect(page.getByTestId('review-tag').first()).toHaveAttribute('href', /\/tagReviews\?tid=\d+$/);

  await expect
    .poll(async () => (await readLocalStore<StoredReview>(page, 'reviews')).find((r) => r.refId === id))
    .toMatchObject({ reviewId: Number(id), title, createdAt: expect.any(String) });

  // A second visit updates the one record rather than adding another.
  await page.reload();
  await expect(page.getByTestId('review-detail')).toBeVisible();
  await page.waitForTimeout(500);
  expect((await readLocalStore<StoredReview>(page, 'reviews')).filter((r) => r.refId === id)).toHaveLength(1);
});

test('a review tag opens its reviews and back returns to the review', async ({ page }) => {
  await page.goto('/reviewDetail?id=603');
  const tag = page.getByTestId('review-tag').first();
  const name = (await tag.textContent())!.replace(/^#/, '').trim();
  await tag.click();
  await expect(page).toHaveURL(/\/tagReviews\?tid=\d+$/);
  const head = page.getByTestId('tag-reviews-head');
  await expect(head.getByRole('heading')).toHaveText(`#${name}`);
  await expect(page.getByTestId('tag-reviews-chip').filter({ hasText: name })).toHaveAttribute('aria-current', 'page');
  // The review we came from carries this tag, so it is in the list.
  await expect(page.getByTestId('review-card').first()).toBeVisible();
  const total = Number(/共 (\d+) 篇影评/.exec((await page.getByTestId('tag-reviews-total').textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(1);

  await page.goBack();
  await expect(page).toHaveURL(/\/reviewDetail\?id=603$/);
  await expect(page.getByTestId('review-detail')).toHaveAttribute('data-review-id', '603');
});

test('tag reviews by tag category, sorted by likes on request', async ({ page }) => {
  await page.goto('/tagReviews?tagCateId=302');
  const head = page.getByTestId('tag-reviews-head');
  await expect(head.getByRole('heading')).toHaveText('#风格');
  await expect(head).toContainText('标签分类');
  const cards = page.getByTestId('review-card');
  await expect(cards.first()).toBeVisible();
  const latestFirst = await cards.first().getAttribute('data-review-id');

  const hot = page.getByTestId('sort-tab').filter({ hasText: '最热' });
  await hot.click();
  await expect(page).toHaveURL(/\/tagReviews\?tagCateId=302&sort=1$/);
  await expect(hot).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => cards.first().getAttribute('data-review-id')).not.toBe(latestFirst);
  expect(isNonIncreasing(await likesOf(cards))).toBe(true);

  // A tag of the category narrows the list to that tag.
  const chip = page.getByTestId('tag-reviews-chip').first();
  const chipName = (await chip.textContent())!.trim();
  await chip.click();
  await expect(page).toHaveURL(/\/tagReviews\?tid=\d+&sort=1$/);
  await expect(head.getByRole('heading')).toHaveText(`#${chipName}`);
  await expect(head.getByTestId('tag-reviews-category')).toHaveText('风格');
});

test('the video page shows 精选影评 for a video with selected reviews', async ({ page }) => {
  await page.goto('/nav/reviews?tab=selected');
  const card = page.getByTestId('review-card').first();
  const reviewId = (await card.getAttribute('data-review-id'))!;
  const videoLink = card.getByTestId('review-video-link');
  const videoId = await videoLink.getAttribute('data-video-id');
  await videoLink.click();
  await expect(page).toHaveURL(new RegExp(`/videoDetails\\?id=${videoId}$`));

  const section = page.getByTestId('selected-reviews');
  await expect(section.getByRole('heading', { name: /精选影评/ })).toBeVisible();
  const selected = section.getByTestId('review-card').filter({ has: page.locator(`[href="/reviewDetail?id=${reviewId}"]`) });
  await expect(selected).toBeVisible();
  // The video is the page itself, so the cards do not link back to it.
  await expect(section.getByTestId('review-video-link')).toHaveCount(0);

  await selected.getByRole('heading').click();
  await expect(page).toHaveURL(new RegExp(`/reviewDetail\\?id=${reviewId}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/videoDetails\\?id=${videoId}$`));
  await expect(page.getByTestId('selected-reviews')).toBeVisible();
});

test('a video without selected reviews has no 精选影评 section', async ({ page }) => {
  // No selected review is about video 1001 (selected reviews are every third, spread by id * 17).
  await page.goto('/videoDetails?id=1001');
  // Recommendations come in the same answer as the reviews, so once they show the section is decided.
  await expect(page.getByTestId('recommend-card').first()).toBeVisible();
  await expect(page.getByTestId('selected-reviews')).toHaveCount(0);
});

test('unknown review ids and tags show the not-found state', async ({ page }) => {
  await page.goto('/reviewDetail?id=999999');
  await expect(page.getByTestId('review-not-found').getByText('影评不存在')).toBeVisible();
  await page.goto('/reviewDetail');
  await expect(page.getByTestId('review-not-found')).toBeVisible();
  await page.goto('/tagReviews?tid=999999');
  await expect(page.getByTestId('tag-reviews-not-found').getByText('标签不存在')).toBeVisible();
  await page.goto('/tagReviews?tagCateId=999999');
  await expect(page.getByTestId('tag-reviews-not-found')).toBeVisible();
  await page.goto('/tagReviews');
  await expect(page.getByTestId('tag-reviews-not-found')).toBeVisible();
});

/**
 * Newest first: the card titled `title` leads, or follows the one review that the test running
 * beside it (two workers share the data) may have written a moment later.
 */
async function leadsNewest(cards: Locator, title: string): Promise<void> {
  await expect(cards.filter({ hasText: title })).toBeVisible();
  expect((await cards.allInnerTexts()).findIndex((text) => text.includes(title))).toBeLessThan(2);
}

test('a member writes a review with a score from the video page; it opens, leads /nav/reviews and shows on the video', async ({ page }) => {
  await page.goto('/videoDetails?id=1009');
  const section = page.getByTestId('video-reviews');
  await section.getByTestId('write-review').click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
  await signUpAndIn(page, true);

  await section.getByTestId('write-review').click();
  const dialog = page.getByTestId('write-review-dialog');
  await dialog.getByTestId('review-submit').click();
  await expect(dialog.getByText('请选择评分')).toBeVisible();
  await expect(dialog.getByText('请输入标题')).toBeVisible();
  const title = `节奏很舒服 ${Date.now()}`;
  await dialog.getByText('8', { exact: true }).click();
  await dialog.getByTestId('review-title-input').fill(title);
  await dialog.getByTestId('review-content-input').fill('<b>不是粗体</b> 画面干净，配乐克制，适合安静的晚上看。');
  await dialog.getByTestId('review-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '影评已发布' })).toBeVisible();
  await expect(page).toHaveURL(/\/reviewDetail\?id=\d+/);
  // The review's own page (the video page, kept for the way back, lists it too, with any other
  // member's review of the same text): its body shows the markup as text.
  const detail = page.getByTestId('review-detail');
  await expect(detail.getByTestId('review-title')).toContainText(title);
  await expect(detail.getByTestId('review-body')).toContainText('<b>不是粗体</b> 画面干净');

  await page.goto('/nav/reviews');
  await leadsNewest(page.getByTestId('review-card'), title);
  await expect(page.getByTestId('review-card').filter({ hasText: title }).getByTestId('review-score')).toContainText('8');
  await page.goto('/videoDetails?id=1009');
  await leadsNewest(page.getByTestId('video-reviews').getByTestId('review-card'), title);
});

test('a member writes a review from /tagReviews, picking the video by searching for it', async ({ page }) => {
  await page.goto('/tagReviews?tagCateId=302');
  await page.getByTestId('write-review').click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
  await signUpAndIn(page, true);

  await page.getByTestId('write-review').click();
  const dialog = page.getByTestId('write-review-dialog');
  // What is typed before the video is chosen stays when it is.
  const title = `老街的雨声 ${Date.now()}`;
  await dialog.getByTestId('review-title-input').fill(title);
  await dialog.getByTestId('review-submit').click();
  await expect(dialog.getByTestId('review-video-error')).toHaveText('请先选择要评价的影片');

  await dialog.getByTestId('review-video-search').fill('老街');
  const option = dialog.getByTestId('review-video-option').first();
  await expect(option).toBeVisible();
  const picked = (await option.textContent())!.trim();
  expect(picked).toContain('老街');
  await option.click();
  await expect(dialog.getByTestId('review-video')).toContainText(picked);
  await expect(dialog.getByTestId('review-video-error')).toHaveText('');
  await expect(dialog.getByTestId('review-title-input')).toHaveValue(title);

  await dialog.getByText('7', { exact: true }).click();
  await dialog.getByTestId('review-content-input').fill('雨天的石板路拍得很安静，声音也录得好。');
  await dialog.getByTestId('review-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '影评已发布' })).toBeVisible();
  await expect(page).toHaveURL(/\/reviewDetail\?id=\d+/);
  await expect(page.getByTestId('review-video')).toContainText(picked);
  await page.goto('/nav/reviews');
  await leadsNewest(page.getByTestId('review-card'), title);
});
