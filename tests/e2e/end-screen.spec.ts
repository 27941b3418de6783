import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openHome } from './helpers.ts';

const SHOTS = '/tmp/shots-player';

// These tests are about the end of a video: the app's own default for 自动连播 (on) applies.
test.use({ autoplayNext: null });

/** The app store as a returning visitor left it (autoplay of the next video, captions). */
async function remember(page: Page, stored: Record<string, unknown>): Promise<void> {
  await page.addInitScript((values) => {
    const current = JSON.parse(localStorage.getItem('md-app') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('md-app', JSON.stringify({ ...current, ...values }));
  }, stored);
}

/** Opens the first video of home; answers its player and the id and title of its first recommendation. */
async function openVideo(page: Page): Promise<{ video: Locator; next: { id: string; title: string } }> {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  const first = page.getByTestId('recommend-card').first();
  await expect(first).toBeVisible();
  const next = { id: (await first.getAttribute('data-video-id'))!, title: (await first.getByRole('link').getAttribute('title'))! };
  const video = page.getByTestId('video-player');
  await expectLoaded(page);
  return { video, next };
}

/**
 * The stream is loaded and playing (muted): shaka has applied its own start position, which would
 * replace a seek made while it starts.
 */
async function expectLoaded(page: Page): Promise<void> {
  // The CC button comes with the stream's text tracks, once shaka's load has finished.
  await expect(page.getByTestId('captions-button')).toBeVisible({ timeout: 20_000 });
  const video = page.getByTestId('video-player');
  // play() is not awaited: its promise waits for data without a deadline; the poll below has one.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
}

/**
 * Plays the last second of the video, muted, so it ends quickly. play() is not awaited (its promise
 * waits for data without a deadline): the caller's assertion on the end screen has one.
 */
async function playToEnd(video: Locator): Promise<void> {
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = Math.max(0, v.duration - 1);
    void v.play().catch(() => undefined);
  });
}

test('at the end: 重播 and the next recommendation with its cover; 重播 starts again from 0', async ({ page }, testInfo) => {
  // 自动连播 off, as a visitor who turned it off left it: no countdown, the choice shown.
  await remember(page, { autoplayNext: false });
  const { video, next } = await openVideo(page);
  await playToEnd(video);
  const end = page.getByTestId('end-screen');
  await expect(end).toBeVisible();
  await expect(end).toHaveAttribute('data-counting', 'false');
  const card = end.getByTestId('end-screen-next');
  await expect(card).toHaveAttribute('data-video-id', next.id);
  await expect(card).toContainText(next.title);
  await expect(card.getByTestId('masked-image')).toHaveAttribute('data-state', 'loaded');
  await expect(end.getByTestId('end-screen-cancel')).toHaveCount(0);
  await expect(end.getByRole('switch', { name: '自动连播' })).toHaveAttribute('aria-checked', 'false');
  // Nothing else had focus: it moves to the end screen's first action.
  await expect(end.getByRole('button', { name: '重播' })).toBeFocused();

  // Where each seek goes, whenever the test gets to look (a busy machine may be seconds late).
  await video.evaluate((v: HTMLVideoElement) => {
    const seeks: number[] = [];
    (window as unknown as { seeks: number[] }).seeks = seeks;
    v.addEventListener('seeking', () => seeks.push(v.currentTime));
  });
  await end.getByRole('button', { name: '重播' }).click();
  await expect(end).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { seeks: number[] }).seeks)).toEqual([0]);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2), { timeout: 20_000 }).toBe(true);
  expect(page.url()).not.toContain(`id=${next.id}`);

  // Turning it on is remembered.
  await playToEnd(video);
  await expect(end).toBeVisible();
  await end.getByRole('switch', { name: '自动连播' }).click();
  await expect(end.getByRole('switch', { name: '自动连播' })).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('md-app')!).autoplayNext)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/end-screen-still-${testInfo.project.name}.png` });
});

test('the countdown plays the next recommendation, and back returns to the video that ended', async ({ page }, testInfo) => {
  const { video, next } = await openVideo(page);
  const from = page.url();
  await playToEnd(video);
  const end = page.getByTestId('end-screen');
  await expect(end).toBeVisible();
  await expect(end).toHaveAttribute('data-counting', 'true');
  await expect(end.getByTestId('end-screen-countdown')).toHaveText(/[1-5] 秒后播放/);
  await expect(end.getByTestId('end-screen-next')).toContainText(next.title);
  await page.screenshot({ path: `${SHOTS}/end-screen-${testInfo.project.name}.png` });

  await expect(page).toHaveURL(new RegExp(`/videoDetails\\?id=${next.id}$`), { timeout: 20_000 });
  await expect(page.getByTestId('video-page')).toHaveAttribute('data-video-id', next.id);
  const nextVideo = page.getByTestId('video-player');
  await nextVideo.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await expect.poll(() => nextVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  await expect(page.getByTestId('end-screen')).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(from);
});

test('fullscreen stays on from the video that ended to the next one', async ({ page }) => {
  // Two videos loaded, one played to its end and a 5 s countdown between them.
  test.setTimeout(120_000);
  const { video, next } = await openVideo(page);
  await page.getByTestId('fullscreen-toggle').click();
  const fullscreenId = () => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
  await expect.poll(fullscreenId).toBe('player-host');
  await playToEnd(video);
  await expect(page.getByTestId('end-screen')).toHaveAttribute('data-counting', 'true');

  await expect(page.getByTestId('video-page')).toHaveAttribute('data-video-id', next.id, { timeout: 20_000 });
  const nextVideo = page.getByTestId('video-player');
  await nextVideo.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await expect.poll(() => nextVideo.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
  expect(await fullscreenId()).toBe('player-host');
  // The new player knows it is fullscreen: its button leaves it, and it fills the screen.
  const toggle = page.getByTestId('fullscreen-toggle');
  await expect(toggle).toHaveAttribute('aria-label', '退出全屏');
  const box = await page.getByTestId('player-root').boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.width)).toBe(viewport.width);
  // The controls hide while it plays: a pointer over the player brings them back.
  await page.getByTestId('player-root').hover();
  await toggle.click();
  await expect.poll(fullscreenId).toBeNull();
  await expect(toggle).toHaveAttribute('aria-label', '全屏');
});

test('取消 stops the countdown; the screen stays with 重播 and the next video', async ({ page }) => {
  const { video } = await openVideo(page);
  const from = page.url();
  await playToEnd(video);
  const end = page.getByTestId('end-screen');
  await expect(end).toHaveAttribute('data-counting', 'true');
  await end.getByRole('button', { name: '取消' }).click();
  await expect(end).toHaveAttribute('data-counting', 'false');
  await expect(end.getByTestId('end-screen-countdown')).toHaveText('点击立即播放');
  await expect(end.getByRole('button', { name: '重播' })).toBeFocused();
  // Past the five seconds the countdown had: still here.
  await page.waitForTimeout(6_000);
  expect(page.url()).toBe(from);
  await expect(end).toBeVisible();
});

test('keyboard: focus moves to 取消, Escape stops the countdown, seeking back leaves the end screen', async ({ page }) => {
  const { video } = await openVideo(page);
  const from = page.url();
  await playToEnd(video);
  const end = page.getByTestId('end-screen');
  await expect(end).toHaveAttribute('data-counting', 'true');
  await expect(end.getByRole('button', { name: '取消' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(end).toHaveAttribute('data-counting', 'false');
  await expect(end.getByRole('button', { name: '重播' })).toBeFocused();
  // Left arrow is the player's 5 s back: the video is no longer at its end.
  await page.keyboard.press('ArrowLeft');
  await expect(end).toBeHidden();
  const { current, duration } = await video.evaluate((v: HTMLVideoElement) => ({ current: v.currentTime, duration: v.duration }));
  expect(current).toBeLessThan(duration - 3);
  expect(page.url()).toBe(from);
});

test('hiding the page stops the countdown: nothing plays on in a tab nobody looks at', async ({ page }) => {
  const { video } = await openVideo(page);
  const from = page.url();
  await playToEnd(video);
  const end = page.getByTestId('end-screen');
  await expect(end).toHaveAttribute('data-counting', 'true');
  // What switching tabs or apps does to the page.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(end).toHaveAttribute('data-counting', 'false');
  await page.waitForTimeout(6_000);
  expect(page.url()).toBe(from);
});

test('the CC menu: 关闭 / 中文 / English; a track shows its cue at a seeked time, and the choice is remembered', async ({ page }, testInfo) => {
  const { video } = await openVideo(page);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.pause();
  });
  const button = page.getByTestId('captions-button');
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName('字幕');
  await button.click();
  const menu = page.getByRole('menu', { name: '字幕' });
  await expect(menu.getByRole('menuitemradio')).toHaveText(['关闭', '中文', 'English']);
  await expect(menu.getByRole('menuitemradio', { name: '关闭' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/captions-menu-${testInfo.project.name}.png` });

  await menu.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(menu).toBeHidden();
  const captions = page.getByTestId('player-captions');
  // Cues are four seconds apart: 5 s is in the second one.
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 5));
  await expect(captions).toContainText('第 2 段');
  // Readable over the picture: drawn above the control bar, on a dark band.
  const cue = captions.getByText('第 2 段');
  const cueBox = (await cue.boundingBox())!;
  const barBox = (await page.getByTestId('player-progress').boundingBox())!;
  expect(cueBox.y + cueBox.height).toBeLessThanOrEqual(barBox.y);
  await page.screenshot({ path: `${SHOTS}/captions-${testInfo.project.name}.png` });

  await button.click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(captions).toContainText('Part 2');
  await expect(captions).not.toContainText('第 2 段');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('md-app')!).captionLanguage)).toBe('en');

  // Remembered: the next visit shows English at once.
  await page.reload();
  const again = page.getByTestId('video-player');
  await expectLoaded(page);
  await again.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.pause();
    v.currentTime = 9;
  });
  await expect(captions).toContainText('Part 3');
  await page.getByTestId('captions-button').click();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: '关闭' }).click();
  await expect(captions).toHaveText('');
});

test("a card's duration is the player's for the same video, from the start to the end", async ({ page }) => {
  await openHome(page);
  const card = page.getByTestId('video-card').first();
  const shown = (await card.getByTestId('video-duration').textContent())!.trim();
  expect(shown).toMatch(/^\d\d:\d\d$/);
  await card.click();
  const video = page.getByTestId('video-player');
  const time = page.getByTestId('player-time');
  await expect(time).toHaveText(new RegExp(` / ${shown}$`), { timeout: 20_000 });
  await expectLoaded(page);
  // Played to its very end (a browser then reports 7.999999 s of an 8 s clip), both sides read the same.
  await playToEnd(video);
  await expect(page.getByTestId('end-screen')).toBeVisible();
  await expect(time).toHaveText(`${shown} / ${shown}`);
});
