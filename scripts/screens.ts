// `npx tsx scripts/screens.ts [baseURL] [outDir]`: screenshots of every screen at 375 px and
// 1280 px against a running server (as `npm start` serves it), for people to look at. Not a test:
// it asserts nothing, it only waits for each screen to settle and writes PNGs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
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
];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  for (const size of [PHONE, DESKTOP]) {
    const width = size.viewport.width;
    const context = await browser.newContext({ ...size, locale: 'zh-CN' });
    const page = await context.newPage();
    for (const [name, path] of SCREENS) {
      await page.goto(base + path);
      // Settle: network quiet and every visible image decoded (masked images arrive via the worker).
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(800);
      const file = join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
