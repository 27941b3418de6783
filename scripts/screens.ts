// `npx tsx scripts/screens.ts [baseURL] [outDir] [widths]`: screenshots of every screen at 375, 414,
// 830, 1024, 1280 and 1920 px (or the comma-separated widths given) against a running server (as
// `npm start` serves it), for people to look at: a guest's screens, then a new member's. Below
// 824 px as a phone. Not a test: it asserts nothing, it only waits for each screen to settle and
// writes PNGs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH, DESKTOP, PHONE } from './chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? 'test-results/screens';
mkdirSync(out, { recursive: true });

const SCREENS: [name: string, path: string][] = [
  ['home', '/'],
  ['home-category', '/?id=101&tit=' + encodeURIComponent('城市')],
  ['video', '/videoDetails?id=1001'],
  ['actress-list', '/actressList'],
  ['actress-page', '/actressPage?id=2001'],
  ...[501, 502, 503, 504, 505, 506, 507].map((id): [string, string] => [`topic-${id}`, `/topicsPage?id=${id}`]),
  ['tag-list', '/tagList'],
  ['tag-details', '/tagDetails?tid=401'],
  ['tag-category', '/tagDetails?tagCateId=301'],
  ['tag-reviews', '/tagReviews?tid=401'],
  ['reviews', '/nav/reviews'],
  ['review-detail', '/reviewDetail?id=603'],
  ['search', '/searchPage'],
  ['search-result-posts', '/searchResult?keyword=' + encodeURIComponent('摄影') + '&type=post'],
  ['search-result', '/searchResult?keyword=' + encodeURIComponent('城市')],
  ['not-found', '/no-such-page'],
  ['discuss', '/discuss'],
  ['post-detail', '/postDetail?id=801'],
  ['group', '/group'],
  ['faq', '/FAQ'],
  ['contact', '/contactUs'],
  ['storage', '/storage'],
  ['video-missing', '/videoDetails?id=999999'],
];

/** What a member sees: signed up through the popup first. */
const MEMBER_SCREENS: [name: string, path: string][] = [
  ['mine', '/mine'],
  ['sys-msg', '/sysMsg'],
  ['account', '/account'],
  ['post', '/post'],
];

const WIDTHS = (process.argv[4] ?? '375,414,830,1024,1280,1920').split(',').map(Number);
const sizeOf = (width: number) =>
  width < 824 ? { ...PHONE, viewport: { width, height: PHONE.viewport.height } } : { ...DESKTOP, viewport: { width, height: DESKTOP.viewport.height } };

async function signUp(page: Page): Promise<void> {
  await page.goto(base + '/');
  const mobile = (page.viewportSize()?.width ?? 0) < 824;
  if (mobile)
    await page
      .getByRole('link', { name: '我的' })
      .or(page.getByRole('button', { name: '我的' }))
      .first()
      .click();
  else await page.getByRole('button', { name: /登录/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: '注册帐号' }).click();
  await dialog.getByLabel('账号').fill(`shot${Date.now().toString(36)}`);
  await dialog.getByLabel('密码', { exact: true }).fill('secret123');
  await dialog.getByLabel('确认密码').fill('secret123');
  await dialog.getByRole('button', { name: /^注册$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function shoot(page: Page, name: string, path: string, width: number): Promise<void> {
  await page.goto(base + path);
  // Settle: network quiet and every visible image decoded (masked images arrive via the worker).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(800);
  const file = join(out, `${name}-${width}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ ...sizeOf(width), locale: 'zh-CN' });
    const page = await context.newPage();
    for (const [name, path] of SCREENS) await shoot(page, name, path, width);
    await signUp(page);
    for (const [name, path] of MEMBER_SCREENS) await shoot(page, name, path, width);
    await context.close();
  }
} finally {
  await browser.close();
}
