import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { scrollToListEnd } from './helpers.ts';

/** Seeded topics 501..507 have display types 1..7 in order (server/seed/content-catalogue.ts). */
const TOPICS = [
  { id: 501, type: 1, title: '城市漫游指南', layout: 'hero-grid' },
  { id: 502, type: 2, title: '自然之声', layout: 'rails' },
  { id: 503, type: 3, title: '本周热播榜', layout: 'ranked' },
  { id: 504, type: 4, title: '美食创作者联盟', layout: 'performers' },
  { id: 505, type: 5, title: '跟着镜头去旅行', layout: 'large-cards' },
  { id: 506, type: 6, title: '科技小课堂', layout: 'two-column' },
  { id: 507, type: 7, title: '运动让生活更好', layout: 'mixed' },
] as const;

async function openTopic(page: Page, id: number, query = '') {
  await page.goto(`/topicsPage?id=${id}${query}`);
  await expect(page.getByTestId('topic-layout')).toBeVisible();
  await expect(page.getByTestId('topic-video').first()).toBeVisible();
}

const videoIds = (page: Page) => page.getByTestId('topic-video').evaluateAll((els) => els.map((e) => e.getAttribute('data-video-id')).join(','));

for (const topic of TOPICS) {
  test(`topic type ${topic.type} (${topic.layout}) renders its header and its own layout`, async ({ page }) => {
    await openTopic(page, topic.id);
    const header = page.getByTestId('topic-header');
    await expect(header.getByTestId('topic-title')).toHaveText(topic.title);
    await expect(header.getByTestId('topic-count')).not.toHaveText('0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.title);
    const layout = page.getByTestId('topic-layout');
    await expect(layout).toHaveAttribute('data-type', String(topic.type));
    await expect(layout).toHaveAttribute('data-layout', topic.layout);
    const videos = layout.getByTestId('topic-video');

    switch (topic.type) {
      case 1: {
        // One hero, and it is wider than the tiles after it.
        await expect(layout.locator('[data-variant="hero"]')).toHaveCount(1);
        await expect(videos.first()).toHaveAttribute('data-variant', 'hero');
        await expect(videos.nth(1)).toHaveAttribute('data-variant', 'tile');
        const hero = (await videos.first().boundingBox())!;
        const tile = (await videos.nth(1).boundingBox())!;
        expect(hero.width).toBeGreaterThan(tile.width * 1.5);
        break;
      }
      case 2: {
        const rails = layout.getByTestId('topic-rail');
        await expect(rails.first()).toBeVisible();
        await expect(rails.first().getByRole('heading', { level: 2 })).toContainText('第一辑');
        // The rail scrolls sideways: its cards overflow the track.
        const overflow = await rails
          .first()
          .locator('[data-variant="rail"]')
          .first()
          .evaluate((card) => {
            const track = card.parentElement!;
            return track.scrollWidth - track.clientWidth;
          });
        expect(overflow).toBeGreaterThan(0);
        break;
      }
      case 3: {
        const ranks = layout.getByTestId('topic-rank');
        await expect(ranks.first()).toHaveText('1');
        await expect(ranks.nth(1)).toHaveText('2');
        await expect(ranks.first()).toHaveAttribute('data-tier', 'gold');
        await expect(ranks.nth(3)).toHaveAttribute('data-tier', 'plain');
        // Big numbers: the rank is set larger than the title beside it.
        const rankSize = await ranks.first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
        const bodySize = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
        expect(rankSize).toBeGreaterThan(bodySize * 2);
        break;
      }
      case 4: {
        const performers = layout.getByTestId('topic-performer');
        await expect(performers.first()).toBeVisible();
        expect(await performers.count()).toBeGreaterThanOrEqual(2);
        await expect(videos.first()).toBeVisible();
        // The performer row comes before the videos.
        const row = (await performers.first().boundingBox())!;
        const first = (await videos.first().boundingBox())!;
        expect(row.y).toBeLessThan(first.y);
        break;
      }
      case 5: {
        await expect(videos.first()).toHaveAttribute('data-variant', 'large');
        const box = (await videos.first().locator('a > div').first().boundingBox())!;
        // 4:3 posters, taller than the 16:9 tiles of other types.
        expect(box.height / box.width).toBeGreaterThan(0.7);
        break;
      }
      case 6: {
        const columns = layout.getByTestId('topic-column');
        await expect(columns).toHaveCount(2);
        const left = (await columns.nth(0).locator('[data-testid="topic-video"]').first().boundingBox())!;
        const right = (await columns.nth(1).locator('[data-testid="topic-video"]').first().boundingBox())!;
        expect(right.x).toBeGreaterThan(left.x);
        // Staggered: the right column starts lower.
        expect(right.y).toBeGreaterThan(left.y + 10);
        break;
      }
      case 7: {
        await expect(layout.locator('[data-block="feature"]').first()).toBeVisible();
        await expect(layout.locator('[data-block="pair"]').first().getByTestId('topic-video')).toHaveCount(2);
        await expect(layout.locator('[data-block="rows"]').first().getByTestId('topic-video')).toHaveCount(3);
        await expect(videos.first()).toHaveAttribute('data-variant', 'feature');
        break;
      }
    }
  });
}

test('the topic pages on as you scroll, up to its video count', async ({ page }) => {
  const pages: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/topic/detail')) pages.push((JSON.parse(r.postData() ?? '{}') as { page: number }).page);
  });
  await openTopic(page, 503);
  const videos = page.getByTestId('topic-video');
  const total = Number(await page.getByTestId('topic-count').textContent());
  // Nine a page and the topic has more: the rest arrives as the foot of the list nears the viewport.
  expect(total).toBeGreaterThan(9);
  await scrollToListEnd(page, 10);
  await expect(videos).toHaveCount(total);
  expect(pages).toContain(1);
  expect(pages).toContain(2);
  await expect(page.getByTestId('topic-rank').last()).toHaveText(String(total));
});

test('switching the sort reorders the topic and keeps it in the query', async ({ page }) => {
  await openTopic(page, 503);
  const latest = await videoIds(page);
  const hot = page.getByTestId('sort-tab').filter({ hasText: '最热' });
  await hot.click();
  await expect(page).toHaveURL(/\/topicsPage\?id=503&sort=1$/);
  await expect(hot).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => videoIds(page)).not.toBe(latest);
  await expect(page.getByTestId('topic-layout')).toHaveAttribute('data-type', '3');

  // The order survives a reload because it lives in the query. The list draws what is on screen
  // first and the rest a moment later, so the first six are compared.
  const firstSix = async () => (await videoIds(page)).split(',').slice(0, 6).join(',');
  await expect.poll(async () => (await firstSix()).split(',').length).toBe(6);
  const hotOrder = await firstSix();
  await page.reload();
  await expect(page.getByTestId('sort-tab').filter({ hasText: '最热' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(firstSix).toBe(hotOrder);
});

test('unknown or missing topic ids show the not-found state', async ({ page }) => {
  await page.goto('/topicsPage?id=999999');
  await expect(page.getByTestId('topic-not-found')).toBeVisible();
  await expect(page.getByTestId('topic-not-found').getByText('专题不存在')).toBeVisible();
  await page.goto('/topicsPage');
  await expect(page.getByTestId('topic-not-found')).toBeVisible();
  await page.goto('/topicsPage?id=abc');
  await expect(page.getByTestId('topic-not-found')).toBeVisible();
});

test('a topic video opens the video page and back returns to the topic', async ({ page }) => {
  await openTopic(page, 505);
  const first = page.getByTestId('topic-video').first();
  const id = await first.getAttribute('data-video-id');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/videoDetails\\?id=${id}$`));
  await expect(page.getByTestId('video-page')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/topicsPage\?id=505$/);
  await expect(page.getByTestId('topic-layout')).toHaveAttribute('data-type', '5');
  await expect(page.getByTestId('topic-title')).toHaveText('跟着镜头去旅行');

  // The header's back button leaves the topic the same way.
  await page.goto('/');
  await page.goto('/topicsPage?id=502');
  await expect(page.getByTestId('topic-layout')).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/$/);
});
