import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { locateFfmpeg, runFfmpeg } from '../../server/media/ffmpeg.ts';
import { expect, test } from './fixtures.ts';
import { isMobile, openHome } from './helpers.ts';

// An operator imports a short video with the tool, on the machine of the server under test (the
// tool reaches it through the data folder's local channel), and it plays on the site with the
// preview sprites of its seek bar.
const ROOT = resolve(import.meta.dirname, '../..');
const DATA_DIR = resolve(ROOT, process.env.E2E_DATA_DIR ?? '.data-test-e2e');
const scratch = mkdtempSync(join(tmpdir(), 'md-e2e-import-'));
const file = join(scratch, 'harbour-dusk.mp4');
const TITLE = '港口黄昏（导入）';

test.beforeAll(async () => {
  // 6 s at 1280x720 with sound: the ladder's 360p and 720p, a sprite tile a second.
  await runFfmpeg(locateFfmpeg(null), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=24',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=392:sample_rate=48000',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `npm run md -- import-video` as an operator would; answers its exit code and --json document. */
function importVideo(): Promise<{ code: number | null; report: { imported: { videoId: number; outcome: string }[] }; stderr: string }> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...base } = process.env;
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'server/cli/md.ts'),
        'import-video',
        file,
        '--title',
        TITLE,
        '--category',
        '城市',
        '--performer',
        '林夏',
        '--tags',
        '清晨',
        // An old date: the newest lists that other tests open stay as the seed made them.
        '--published',
        '2020-03-01',
        '--json',
      ],
      // The server's own database settings: the tool asks the server, which holds the data folder.
      {
        cwd: ROOT,
        env: { ...base, DATA_DIR, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      try {
        done({ code, report: JSON.parse(stdout), stderr });
      } catch {
        fail(new Error(`md import-video answered no JSON (exit ${code}): ${stdout}\n${stderr}`));
      }
    });
  });
}

test('an operator imports a short video with the tool; it plays on the site with its seek-bar preview sprites', async ({ page }) => {
  test.setTimeout(180_000);
  const run = await importVideo();
  expect(run.code, run.stderr).toBe(0);
  // Run once per project: the second finds the same content's video instead of adding another.
  expect(run.report.imported).toEqual([expect.objectContaining({ outcome: expect.stringMatching(/^(created|resumed|already-imported)$/) })]);
  const videoId = run.report.imported[0]!.videoId;

  await openHome(page);
  await page.goto(`/videoDetails?id=${videoId}`);
  await expect(page.getByText(TITLE).first()).toBeVisible();
  const video = page.getByTestId('video-player');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.round(duration)).toBe(6);

  // The seek bar's preview: the tile of the time under the pointer, from the import's unmasked sheet.
  const bar = page.getByTestId('player-progress');
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  const fraction = 0.6;
  if (isMobile(page)) {
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * 0.3, y }] });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width * fraction, y }] });
  } else {
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.move(box.x + box.width * fraction, y, { steps: 4 });
  }
  const image = page.getByTestId('progress-preview-image');
  await expect(image).toBeVisible();
  const size = (await image.boundingBox())!;
  expect([Math.round(size.width), Math.round(size.height)]).toEqual([160, 90]);
  const tile = Math.floor(duration * fraction);
  await expect(image).toHaveCSS('background-position', `${-tile * 160}px 0px`);
  await expect.poll(() => image.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("?(blob:|http).+/);
  // The sheet decodes as a picture of six 160x90 tiles in one row.
  const sheet = await image.evaluate(async (el) => {
    const url = /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage)![1]!;
    const picture = new Image();
    picture.src = url;
    await picture.decode();
    return [picture.naturalWidth, picture.naturalHeight];
  });
  expect(sheet).toEqual([6 * 160, 90]);
});
