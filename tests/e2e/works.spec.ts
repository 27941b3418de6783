import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateFfmpeg, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { expect, test } from './fixtures.ts';
import { openHome, signUpAndIn } from './helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'md-e2e-works-'));
const clip = join(scratch, 'lake-walk.mp4');
const big = join(scratch, 'long-take.mp4');

test.beforeAll(async () => {
  // A short real video (3 s, 640x360, with sound), made here rather than kept in the repository.
  await runFfmpeg(locateFfmpeg(null), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=24',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=523:sample_rate=48000',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    clip,
  ]);
  // Bytes enough for several chunks; its name and date stay the same, so its fingerprint does too.
  writeFileSync(big, randomBytes(14 * 1024 * 1024));
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a member uploads a short video as a work, follows the upload and the transcode, then plays it', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/mine');
  const section = page.getByRole('region', { name: '我的作品' });
  await expect(section.getByText('还没有作品')).toBeVisible();
  await section.getByTestId('works-upload').first().click();
  const sheet = page.getByTestId('work-upload');
  await expect(sheet).toBeVisible();

  await sheet.getByTestId('work-file').setInputFiles({ name: 'lake-walk.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) });
  const progress = sheet.getByTestId('work-upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-phase', 'uploaded');
  await expect(sheet.getByTestId('work-upload-percent')).toHaveText('100%');
  // The title starts from the file's name; the member writes their own.
  await expect(sheet.getByTestId('work-title')).toHaveValue('lake-walk');
  const title = `湖边散步 ${Date.now() % 100000}`;
  await sheet.getByTestId('work-title').fill(title);
  await sheet.getByTestId('work-description').fill('<b>不是 HTML</b>');
  await sheet.getByTestId('work-tag').first().click();
  await expect(sheet.getByTestId('work-tag').first()).toHaveAttribute('aria-pressed', 'true');
  // Kept to its author: other tests read the public lists, which a new work would lead.
  await sheet.getByTestId('work-private').check();
  await sheet.getByTestId('work-submit').click();

  const processing = sheet.getByTestId('work-processing');
  await expect(processing).toBeVisible();
  await expect(processing).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  // The list behind the sheet has it too.
  await sheet.getByRole('button', { name: '关闭' }).last().click();
  const item = section.getByTestId('my-work').first();
  await expect(item).toContainText(title);
  await expect(item.getByTestId('my-work-state')).toHaveText('仅自己可见');
  await expect(item.getByTestId('my-work-visibility')).toHaveAttribute('aria-pressed', 'false');

  await item.getByTestId('my-work-play').click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  await expect(page.getByText(title).first()).toBeVisible();
  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
});

test('an upload paused, then cut by a reload, continues where it stopped when the same file is picked again', async ({ page, context }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/mine');
  // A slow line, so the upload is still going when the page goes away.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 50 * 1024 * 1024, uploadThroughput: 2 * 1024 * 1024 });

  await page.getByTestId('works-upload').first().click();
  const sheet = page.getByTestId('work-upload');
  await sheet.getByTestId('work-file').setInputFiles(big);
  const percent = async () => Number((await sheet.getByTestId('work-upload-percent').textContent())?.replace('%', ''));
  await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThan(5);
  await sheet.getByTestId('work-pause').click();
  await expect(sheet.getByTestId('work-upload-status')).toHaveText('已暂停');
  await sheet.getByTestId('work-resume').click();
  // Past the first chunk the server holds bytes to come back to.
  await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThan(40);

  await page.reload();
  await page.getByTestId('works-upload').first().click();
  await expect(sheet.getByTestId('work-unfinished')).toContainText('long-take.mp4');
  await sheet.getByTestId('work-file').setInputFiles(big);
  await expect(sheet.getByText(/已从 \d+% 处继续上传/)).toBeVisible();
  const resumedAt = Number(/已从 (\d+)%/.exec((await sheet.getByText(/已从 \d+% 处继续上传/).textContent()) ?? '')?.[1]);
  expect(resumedAt).toBeGreaterThan(20);
  await expect(sheet.getByTestId('work-upload-progress')).toHaveAttribute('data-phase', 'uploaded', { timeout: 30_000 });
  await expect(sheet.getByTestId('work-upload-percent')).toHaveText('100%');

  // Not a video after all: the work fails with the reason, by its content, not its name.
  await sheet.getByTestId('work-title').fill('不是视频');
  await sheet.getByTestId('work-submit').click();
  await expect(sheet.getByTestId('work-processing')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(sheet.getByTestId('work-processing')).toContainText('文件不是视频');
});
