import { expect, test, type Page } from '@playwright/test';
import { openHome } from './helpers.ts';

async function openVideo(page: Page, nth = 0) {
  await openHome(page);
  await page.getByTestId('video-card').nth(nth).click();
  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  return video;
}

test('speed menu changes the playback rate', async ({ page }) => {
  const video = await openVideo(page);
  await page.getByTestId('speed-button').click();
  await page.locator('[data-testid="speed-option"][data-rate="1.5"]').click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await expect(page.getByTestId('speed-button')).toHaveText('1.5x');
});

test('when segments stop arriving the player says so and offers replay and refresh', async ({ page }) => {
  await openHome(page);
  // Media segments never arrive: the manifest and init segments load, playback cannot proceed.
  await page.route('**/media/video/**/chunk-*', (route) => route.abort());
  await page.getByTestId('video-card').nth(1).click();
  // play() stays pending while no media arrives, so it is not awaited.
  await page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect(page.getByTestId('player-stuck').or(page.getByTestId('player-error'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('网络连接似乎出现了问题')).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新' })).toBeVisible();

  await expect(page.getByRole('button', { name: '重新播放' })).toBeVisible();
});

test('a stream that stalls mid-way shows the stuck tip', async ({ page }) => {
  await openHome(page);
  // The first segment arrives; later ones hang (never answered), so playback cannot go on.
  await page.route(/\/media\/video\/.*chunk-\d+-0000[2-9]\.m4s$/, () => undefined);
  await page.getByTestId('video-card').nth(4).click();
  await page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect(page.getByTestId('player-stuck')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('player-stuck').getByText('网络连接似乎出现了问题')).toBeVisible();
  // The player is not in an error state: it is waiting, and says the connection is at fault.
  await expect(page.getByTestId('player-error')).toHaveCount(0);
});

test('resumes from the saved position on the next visit', async ({ page }) => {
  const video = await openVideo(page, 2);
  const url = page.url();
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 4;
    v.pause();
  });
  // The pause writes the watch record; leave and come back.
  await page.waitForTimeout(500);
  await page.goto('/');
  await page.goto(url);
  const again = page.getByTestId('video-player');
  await expect.poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThanOrEqual(3.5);
  await expect(page.getByText(/已为您定位到 00:0[34]/)).toBeVisible();
});

test('keyboard shortcuts drive the player on desktop', async ({ page }) => {
  const video = await openVideo(page);
  await page.getByTestId('player-root').focus();
  await page.keyboard.press('m');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.volume * 10))).toBe(9);
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(Math.max(before, 0.01));
});
