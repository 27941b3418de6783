import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openHome } from './helpers.ts';

async function openFirstVideo(page: Page) {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  return video;
}

async function currentTime(page: Page): Promise<number> {
  return page.getByTestId('video-player').evaluate((v: HTMLVideoElement) => v.currentTime);
}

test('a video plays and switches quality', async ({ page }) => {
  const video = await openFirstVideo(page);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);

  await page.getByTestId('quality-button').click();
  const options = page.getByTestId('quality-option');
  await expect(options.first()).toBeVisible();
  // shaka reports variants as it learns them (under load, a moment after the menu first opens).
  const heights = () => options.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-height'))).filter(Boolean));
  await expect.poll(heights).toEqual(expect.arrayContaining([360, 720, 1080]));

  const root = page.getByTestId('player-root');
  // The clip lasts 12 s: on a loaded machine the steps below can outlast it. Each switch starts from
  // the clip's first second, so it and the playing on after it happen while the clip plays. play()'s
  // promise is not awaited: it settles only once the picture moves again, which the check after the
  // switch looks for itself.
  const fromTheStart = () =>
    video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
      void v.play().catch(() => undefined);
    });
  // The picture moves on half a second from where the switch left it (or, a slow machine, to the end).
  const playsOn = async () => {
    const from = await currentTime(page);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement, at) => v.ended || v.currentTime > at + 0.5, from), { timeout: 20_000 }).toBe(true);
  };
  for (const h of [360, 1080]) {
    await fromTheStart();
    if (!(await options.first().isVisible())) await page.getByTestId('quality-button').click();
    await page.locator(`[data-testid="quality-option"][data-height="${h}"]`).click();
    await expect(root).toHaveAttribute('data-active-height', String(h));
    await playsOn();
  }
});
