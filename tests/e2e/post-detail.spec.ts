import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { focusBehindDialog, openHome, signUpAndIn } from './helpers.ts';

// Seeded posts: 805 has four images and the tags 自然 and 摄影; 806 costs 20 points and has one image.
const GALLERY_POST = 805;
const PAID_POST = 806;
const PAID_PRICE = 20;

/** The member's points as /mine shows them (asked afresh on every visit). */
async function expectPointsOnMine(page: Page, points: number): Promise<void> {
  await page.goto('/mine');
  await expect(page.getByTestId('member-score')).toHaveText(`${points} 积分`);
}

/**
 * Signs up a new member and has a friend sign up through their invite link, which earns the
 * member 50 points: a member with points of their own, whatever earlier runs unlocked.
 */
async function memberWithPoints(page: Page, browser: Browser): Promise<void> {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/mine');
  const link = await page.getByTestId('invite-card').getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/\?pc=/);
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'zh-CN' });
  const friend = await other.newPage();
  const url = new URL(link);
  await friend.goto(url.pathname + url.search);
  await expect(friend.getByTestId('video-card').first()).toBeVisible();
  await signUpAndIn(friend);
  await other.close();
  await expectPointsOnMine(page, 50);
}

test("a post's images open full screen at the one tapped; the arrow keys move, Esc closes and focus returns to the thumbnail", async ({ page }) => {
  await page.goto(`/postDetail?id=${GALLERY_POST}`);
  await expect(page.getByTestId('post-title')).toHaveText('第一次拍云海日出的经验分享');
  await expect(page.getByTestId('post-tags').getByRole('listitem')).toHaveText(['#自然', '#摄影']);
  const thumbs = page.getByTestId('post-images').getByTestId('post-image');
  await expect(thumbs).toHaveCount(4);
  // Every thumbnail is drawn (unmasked), in a square slot that was sized before it loaded.
  for (const thumb of await thumbs.all()) {
    await thumb.scrollIntoViewIfNeeded();
    await expect(thumb.getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
    const box = await thumb.boundingBox();
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(2);
  }

  const second = thumbs.nth(1);
  await expect(second).toHaveAccessibleName('查看第 2 张图片，共 4 张');
  await second.click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  const count = viewer.getByTestId('image-viewer-count');
  await expect(count).toHaveText('2 / 4');
  const shown = viewer.getByRole('group', { name: '2 / 4' });
  await expect(shown.getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
  // It fills the screen's width or height, not the thumbnail's.
  const viewport = page.viewportSize()!;
  const big = await shown.getByTestId('masked-image').boundingBox();
  expect(Math.max((big?.width ?? 0) / viewport.width, (big?.height ?? 0) / viewport.height)).toBeGreaterThan(0.95);

  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('3 / 4');
  await expect(viewer.getByRole('group', { name: '3 / 4' }).getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('1 / 4');
  // The first image is the end: left again stays there.
  await page.keyboard.press('ArrowLeft');
  await expect(count).toHaveText('1 / 4');
  await page.keyboard.press('ArrowRight');
  await expect(count).toHaveText('2 / 4');

  // Focus stays inside the viewer.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await focusBehindDialog(page)).toBe(false);
  }

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(second).toBeFocused();

  // The close button closes it too, and a double tap zooms the image in.
  await thumbs.nth(3).click();
  await expect(count).toHaveText('4 / 4');
  const last = viewer.getByRole('group', { name: '4 / 4' }).getByTestId('masked-image');
  await expect(last).toHaveAttribute('data-state', 'loaded');
  await last.dblclick();
  await expect.poll(() => last.evaluate((el) => getComputedStyle(el).transform)).toMatch(/^matrix\(3, 0, 0, 3,/);
  await viewer.getByTestId('image-viewer-close').click();
  await expect(viewer).toBeHidden();
  await expect(thumbs.nth(3)).toBeFocused();
});

test('a guest sees the start of a paid post and its lock, and is asked to sign in to unlock it', async ({ page }) => {
  await page.goto(`/postDetail?id=${PAID_POST}`);
  await expect(page.getByTestId('post-title')).toHaveText('湿地观鸟需要准备什么');
  await expect(page.getByTestId('post-detail')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('post-body')).toContainText('周末去了一趟城郊湿地');
  const lock = page.getByTestId('post-lock');
  await expect(lock.getByRole('heading', { name: '付费内容' })).toBeVisible();
  await expect(lock).toContainText('解锁后可阅读全文及 1 张图片');
  await expect(lock.getByTestId('post-price')).toHaveText(`${PAID_PRICE} 积分`);
  await expect(page.getByTestId('post-images')).toHaveCount(0);
  const unlock = lock.getByTestId('post-unlock');
  await expect(unlock).toHaveText(`${PAID_PRICE} 积分解锁`);
  await expect(unlock).toBeEnabled();
  await unlock.click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
});

test('a new member with no points sees 积分不足 and the way to earn points', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto(`/postDetail?id=${PAID_POST}`);
  const lock = page.getByTestId('post-lock');
  await expect(lock.getByTestId('post-balance')).toHaveText('当前积分 0');
  const unlock = lock.getByTestId('post-unlock');
  await expect(unlock).toHaveText('积分不足');
  await expect(unlock).toBeDisabled();
  const earn = lock.getByRole('link', { name: '去签到赚积分' });
  await expect(earn).toHaveAttribute('href', '/mine');
  await earn.click();
  await expect(page).toHaveURL(/\/mine$/);
});

test('a member with enough points unlocks a paid post after confirming: the whole post and its image show, and the price leaves their points', async ({
  page,
  browser,
}) => {
  // Two sign-ups and an invite come first.
  test.setTimeout(120_000);
  await memberWithPoints(page, browser);
  await page.goto(`/postDetail?id=${PAID_POST}`);
  const lock = page.getByTestId('post-lock');
  await expect(lock.getByTestId('post-balance')).toHaveText('当前积分 50');
  const unlock = lock.getByTestId('post-unlock');
  await expect(unlock).toHaveText(`${PAID_PRICE} 积分解锁`);

  // Cancelling changes nothing.
  await unlock.click();
  const confirm = page.getByTestId('post-unlock-confirm');
  await expect(confirm.getByRole('heading', { name: '确认解锁' })).toBeVisible();
  await expect(confirm).toContainText(`将使用 ${PAID_PRICE} 积分解锁这篇帖子`);
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(lock).toBeVisible();

  await unlock.click();
  await confirm.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast').filter({ hasText: '解锁成功' })).toBeVisible();
  await expect(page.getByTestId('post-lock')).toHaveCount(0);
  await expect(page.getByTestId('post-detail')).toHaveAttribute('data-locked', 'false');
  await expect(page.getByTestId('post-body')).toContainText('别靠太近打扰它们觅食。');
  await expect(page.getByTestId('post-body')).not.toContainText('…');
  const image = page.getByTestId('post-images').getByTestId('post-image');
  await expect(image).toHaveCount(1);
  await expect(image.getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');

  // Exactly the price was taken, once; the post stays unlocked.
  await expectPointsOnMine(page, 50 - PAID_PRICE);
  await page.goto(`/postDetail?id=${PAID_POST}`);
  await expect(page.getByTestId('post-images').getByTestId('post-image')).toHaveCount(1);
  await expect(page.getByTestId('post-lock')).toHaveCount(0);
});
