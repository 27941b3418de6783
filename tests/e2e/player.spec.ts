import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { focusBehindDialog, isMobile, openHome, readLocalStore } from './helpers.ts';

/**
 * The first card of a clip of 12 to 59 s. The first card of home may be a 6 s video import.spec
 * made, which could end within a test's own waits (the controls take 3 s to hide).
 */
const longEnough = (cards: Locator) =>
  cards
    .filter({
      has: cards
        .page()
        .getByTestId('video-duration')
        .getByText(/^00:(1[2-9]|[2-5]\d)$/),
    })
    .first();

/** Opens a video of home: the nth card, or the card `pick` chooses among them. */
async function openVideo(page: Page, nth: number | ((cards: Locator) => Locator) = longEnough) {
  await openHome(page);
  const cards = page.getByTestId('video-card');
  await (typeof nth === 'number' ? cards.nth(nth) : nth(cards)).click();
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
  // Past the first seconds, which a resume skips (5 s, less for short clips: lib/resume.ts), and short of the end.
  const at = await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.min(6, v.duration / 2);
    v.pause();
    return Math.floor(v.currentTime);
  });
  // The pause writes the watch record (the Dexie `videos` store of md_db): once it holds the
  // position, leave and come back.
  const videoId = new URL(url).searchParams.get('id');
  const storedPosition = async () =>
    (await readLocalStore<{ refId: string; position: number }>(page, 'videos')).find((r) => r.refId === videoId)?.position ?? -1;
  await expect.poll(storedPosition).toBeGreaterThanOrEqual(at);
  await page.goto('/');
  // The toast lasts 2.5 s: it is watched for from the navigation on, not after the position is read.
  const told = expect(page.getByText(new RegExp(`已为您定位到 00:0[${at - 1}${at}]`))).toBeVisible({ timeout: 30_000 });
  await page.goto(url);
  await told;
  const again = page.getByTestId('video-player');
  await expect.poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThanOrEqual(at - 0.5);
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

test('the progress bar previews the frame under the pointer: hover on desktop, drag on touch', async ({ page }, testInfo) => {
  // A clip under a minute (one tile a second): the fourth such card of home.
  const video = await openVideo(page, (cards) => cards.filter({ has: page.getByTestId('video-duration').getByText(/^00:[0-5]\d$/) }).nth(3));
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  const bar = page.getByTestId('player-progress');
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const at = (fraction: number) => box.x + box.width * fraction;
  const preview = page.getByTestId('progress-preview');
  // Where the pointer stops: a time clear of whole seconds and tiles for every clip length.
  const FRACTION = 0.72;
  const mobile = isMobile(page);
  const touch = mobile ? await page.context().newCDPSession(page) : null;

  if (touch) {
    // A real finger drag (pointerType touch), not a mouse hover: press, move, then check mid-drag.
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at(0.3), y }] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at(0.5), y }] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at(FRACTION), y }] });
  } else {
    await page.mouse.move(at(0.3), y);
    await page.mouse.move(at(FRACTION), y, { steps: 4 });
  }

  await expect(preview).toBeVisible();
  const expected = Math.floor(duration * FRACTION);
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(page.getByTestId('progress-preview-time')).toHaveText(`${pad(Math.floor(expected / 60))}:${pad(expected % 60)}`);
  // The sheet's layout (server/media/sprites.ts): a tile a second up to 100 s, then one every few
  // seconds; ten tiles a row.
  const interval = Math.max(1, Math.ceil(Math.ceil(duration) / 100));
  const tiles = Math.ceil(Math.ceil(duration) / interval);
  const tile = Math.floor((duration * FRACTION) / interval);
  const [column, row] = [tile % 10, Math.floor(tile / 10)];
  const image = page.getByTestId('progress-preview-image');
  const size = (await image.boundingBox())!;
  expect(Math.round(size.width)).toBe(160);
  expect(Math.round(size.height)).toBe(90);
  // The preview sits above the bar, inside the player.
  expect(size.y + size.height).toBeLessThan(box.y);
  const playerBox = (await page.getByTestId('player-root').boundingBox())!;
  expect(size.x).toBeGreaterThanOrEqual(playerBox.x);
  expect(size.x + size.width).toBeLessThanOrEqual(playerBox.x + playerBox.width);
  // The tile of that time.
  await expect(image).toHaveCSS('background-position', `${-column * 160}px ${-row * 90}px`);

  // The background is the unmasked sheet: it decodes as an image of the clip's tiles and its tile has a picture.
  await expect.poll(() => image.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("?(blob:|http).+/);
  const decoded = await image.evaluate(
    async (el, tile) => {
      const url = /^url\("?(.*?)"?\)$/.exec(getComputedStyle(el).backgroundImage)![1]!;
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 90;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, tile[0]! * 160, tile[1]! * 90, 160, 90, 0, 0, 160, 90);
      const pixels = context.getImageData(0, 0, 160, 90).data;
      const colours = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4 * 7) colours.add((pixels[i]! >> 4) * 256 + (pixels[i + 1]! >> 4) * 16 + (pixels[i + 2]! >> 4));
      return { width: img.naturalWidth, height: img.naturalHeight, colours: colours.size };
    },
    [column, row],
  );
  expect(decoded.width).toBe(Math.min(tiles, 10) * 160);
  expect(decoded.height).toBe(Math.ceil(tiles / 10) * 90);
  expect(decoded.colours).toBeGreaterThan(8);

  await page.screenshot({ path: `/tmp/shots-player/preview-${testInfo.project.name}.png` });

  if (touch) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Letting go seeks there and hides the preview.
    await expect(preview).toBeHidden();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(duration * 0.6);
  } else {
    await page.mouse.move(at(0.5), box.y - 120);
    await expect(preview).toBeHidden();
  }
});

async function openVideoPage(page: Page) {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  await expect(page.getByTestId('video-title')).toBeVisible();
  return (await page.getByTestId('video-title').textContent())!.trim();
}

test('分享 without the Web Share API opens a dialog with the link, a QR code and 复制链接', async ({ page, context }, testInfo) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = await openVideoPage(page);
  const url = page.url();
  const button = page.getByTestId('share-button');
  await button.click();

  const dialog = page.getByRole('dialog', { name: '分享视频' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(title)).toBeVisible();
  await expect(dialog.getByLabel('视频链接')).toHaveValue(url);
  const qr = dialog.getByRole('img', { name: `${title} 的二维码` });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-value', url);
  expect((await qr.locator('path').getAttribute('d'))!.length).toBeGreaterThan(500);
  const qrBox = (await qr.boundingBox())!;
  expect(qrBox.width).toBeGreaterThan(120);
  expect(Math.round(qrBox.width)).toBe(Math.round(qrBox.height));
  // The modal fills the width as a bottom sheet on phones and is a centred card on desktop.
  const viewport = page.viewportSize()!;
  if (isMobile(page)) {
    // Once it has risen: the sheet slides up from below the screen (0.22 s, longer on a busy machine).
    const edges = async () => {
      const box = await dialog.boundingBox();
      return box ? { width: Math.round(box.width), bottom: Math.round(box.y + box.height) } : null;
    };
    await expect.poll(edges).toEqual({ width: viewport.width, bottom: viewport.height });
  } else {
    expect((await dialog.boundingBox())!.width).toBeLessThan(500);
    // Once its text and QR code are laid out (a late font can still change its height on a busy machine).
    const offCentre = async () => {
      const box = await dialog.boundingBox();
      return box ? Math.max(Math.abs(box.x + box.width / 2 - viewport.width / 2), Math.abs(box.y + box.height / 2 - viewport.height / 2)) : Infinity;
    };
    await expect.poll(offCentre).toBeLessThan(2);
  }

  // Focus starts on 复制链接; the dialog is modal, so Tab never reaches the page behind.
  const copy = dialog.getByRole('button', { name: '复制链接' });
  await expect(copy).toBeFocused();
  expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusBehindDialog(page)).toBe(false);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusBehindDialog(page)).toBe(false);

  await copy.click();
  await expect(dialog.getByRole('status')).toHaveText(/链接已复制/);
  await expect(dialog.getByRole('button', { name: '已复制' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.screenshot({ path: `/tmp/shots-player/share-${testInfo.project.name}.png` });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('分享 uses the Web Share API with the title and the page link where the browser has it', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        calls.push({ ...data });
        return Promise.resolve();
      },
    });
  });
  const title = await openVideoPage(page);
  await page.getByTestId('share-button').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls)).toEqual([{ title, url: page.url() }]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('space, arrows, f and m: play/pause, seek, volume, fullscreen, mute', async ({ page }) => {
  const video = await openVideo(page);
  const root = page.getByTestId('player-root');
  await root.focus();
  await page.keyboard.press(' ');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1));
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(6, 0);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1, 0);
  await page.keyboard.press(' ');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press('m');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  await page.keyboard.press('m');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('player-host');
  await expect(page.getByTestId('fullscreen-toggle')).toHaveAttribute('aria-label', '退出全屏');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test('the fullscreen and picture-in-picture buttons', async ({ page }) => {
  const video = await openVideo(page);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const fullscreen = page.getByTestId('fullscreen-toggle');
  await fullscreen.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null)).toBe('player-host');
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(fullscreen).toHaveAttribute('aria-label', '全屏');

  expect(await page.evaluate(() => document.pictureInPictureEnabled)).toBe(true);
  const pip = page.getByTestId('pip-toggle');
  await pip.click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement?.getAttribute('data-testid') ?? null)).toBe('video-player');
  await expect(pip).toHaveAttribute('aria-pressed', 'true');
  await pip.click();
  await expect.poll(() => page.evaluate(() => document.pictureInPictureElement)).toBeNull();
  await expect(pip).toHaveAttribute('aria-pressed', 'false');
});

// A touch gesture: the desktop project leaves out titles tagged @touch (playwright.config.ts).
/**
 * Two touch taps at one point, 80 ms apart in the page's own clock. Two touchscreen.tap calls wait for
 * the browser to acknowledge each, which on a busy machine can put them further apart than any
 * double tap; these pointer events carry the timing a finger would.
 */
async function doubleTap(page: Page, x: number, y: number): Promise<void> {
  await page.evaluate(
    ([px, py]) =>
      new Promise<void>((done) => {
        const target = document.elementFromPoint(px!, py!)!;
        const tap = () => {
          const init = { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true, clientX: px, clientY: py };
          target.dispatchEvent(new PointerEvent('pointerdown', init));
          target.dispatchEvent(new PointerEvent('pointerup', init));
        };
        tap();
        setTimeout(() => {
          tap();
          done();
        }, 80);
      }),
    [x, y],
  );
}

test('double-tapping a side of the picture seeks 10 s; a single tap does not @touch', async ({ page }) => {
  expect(isMobile(page)).toBe(true);
  const video = await openVideo(page);
  // 5 s before the end (paused, so reaching the end shows no end screen).
  const start = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = Math.max(0, v.duration - 5);
    return v.currentTime;
  });
  const box = (await video.boundingBox())!;
  const y = box.y + box.height * 0.4;
  const right = box.x + box.width * 0.85;
  const left = box.x + box.width * 0.15;
  await page.touchscreen.tap(right, y);
  await page.waitForTimeout(500);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(start, 1);
  await doubleTap(page, right, y);
  await expect(page.getByText('快进 10 秒')).toBeVisible();
  // 10 s from 5 s before the end is past it: it lands on the end.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration - v.currentTime)).toBeLessThan(0.2);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 7));
  await page.waitForTimeout(400);
  await doubleTap(page, left, y);
  await expect(page.getByText('快退 10 秒')).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(0.2);
});

test('while playing with the controls hidden, a 2 px mini progress bar shows the position', async ({ page }) => {
  const video = await openVideo(page);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  const mini = page.getByTestId('mini-progress');
  // Controls hide after 3 s without pointer activity. They come back while the stream buffers (a
  // loaded machine), so the bar, its played part and the idle player are read together, in one look.
  const idleBar = () =>
    page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('[data-testid="mini-progress"]');
      const idle = document.querySelector('[data-testid="player-root"]')?.className.includes('idle') ?? false;
      if (!bar || !idle) return null;
      return { height: bar.getBoundingClientRect().height, played: parseFloat(bar.querySelector('span')!.style.width) > 0 };
    });
  await expect.poll(idleBar, { timeout: 15_000 }).toEqual({ height: 2, played: true });
  // Any pointer movement brings the controls back and the mini bar goes.
  const box = (await video.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await expect(mini).toBeHidden();
});

test('the blurred background is drawn from the video at 10 fps, blurred 50px and scaled 1.2, off the main thread', async ({ page }) => {
  await page.addInitScript(() => {
    // Frames taken from the video: as VideoFrames for the background's worker, or drawn here where
    // the browser has no VideoFrame (the 32 px canvas is the background's).
    const counts = { frames: 0, mainThreadDraws: 0 };
    (window as unknown as { backgroundDraws: typeof counts }).backgroundDraws = counts;
    const original = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      if (this.canvas.width === 32 && args[0] instanceof HTMLVideoElement) {
        counts.frames += 1;
        counts.mainThreadDraws += 1;
      }
      return (original as (...a: unknown[]) => void).apply(this, args);
    } as typeof original;
    const Frame = window.VideoFrame;
    if (typeof Frame === 'function') {
      window.VideoFrame = new Proxy(Frame, {
        construct(target, args: unknown[], newTarget) {
          if (args[0] instanceof HTMLVideoElement) counts.frames += 1;
          return Reflect.construct(target, args, newTarget) as object;
        },
      });
    }
  });
  const video = await openVideo(page);
  const canvas = page.locator('canvas[aria-hidden="true"]').first();
  await expect(canvas).toHaveCSS('filter', 'blur(50px)');
  await expect(canvas).toHaveCSS('transform', 'matrix(1.2, 0, 0, 1.2, 0, 0)');
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
    return v.play();
  });
  // Timed on the page's clock: on a busy machine the test's own two calls arrive late by different amounts.
  const counts = () =>
    page.evaluate(() => ({
      ...(window as unknown as { backgroundDraws: { frames: number; mainThreadDraws: number } }).backgroundDraws,
      at: performance.now(),
    }));
  const before = await counts();
  await page.waitForTimeout(2000);
  const after = await counts();
  const perSecond = (after.frames - before.frames) / ((after.at - before.at) / 1000);
  // Drawn continuously (a busy machine's browser may fall well short of 10 a second), and never
  // faster than the 10 fps it is held to.
  expect(perSecond).toBeGreaterThanOrEqual(2);
  expect(perSecond).toBeLessThanOrEqual(12);
  // Chromium has VideoFrame and OffscreenCanvas: the page's main thread converts no picture itself.
  expect(after.mainThreadDraws).toBe(0);
  // What the visitor sees of it: the player with the video and its controls hidden shows the
  // blurred picture, not an empty box.
  await page.getByTestId('player-root').evaluate((root) => {
    for (const child of root.children) if (child.tagName !== 'CANVAS') (child as HTMLElement).style.visibility = 'hidden';
  });
  const { channels } = await sharp(await page.getByTestId('player-root').screenshot()).stats();
  const [red, green, blue] = channels;
  expect(Math.max(red!.mean, green!.mean, blue!.mean)).toBeGreaterThan(20);
});

test('分享 falls back to the dialog when the system share refuses, but not when the user dismisses it', async ({ page }) => {
  await page.addInitScript(() => {
    const outcomes = ['AbortError', 'NotAllowedError'];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('refused', outcomes.shift() ?? 'NotAllowedError')),
    });
  });
  await openVideoPage(page);
  const button = page.getByTestId('share-button');
  await button.click();
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await button.click();
  await expect(page.getByRole('dialog', { name: '分享视频' })).toBeVisible();
  await expect(page.getByTestId('share-qr')).toBeVisible();
});
