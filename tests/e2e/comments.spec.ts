import { expect, test } from './fixtures.ts';
import { openHome } from './helpers.ts';

test('comments show under the video, most liked first, and 最新 re-sorts them', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  const comments = page.getByTestId('comments');
  const items = comments.getByTestId('comment-item');
  await expect(items.first()).toBeVisible();
  const likes = await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-likes'))));
  expect(likes.length).toBeGreaterThanOrEqual(3);
  expect([...likes].sort((a, b) => b - a)).toEqual(likes);

  await comments.getByRole('tab', { name: '最新' }).click();
  await expect(comments.getByRole('tab', { name: '最新' })).toHaveAttribute('aria-selected', 'true');
  await expect(items.first().locator('time')).toBeVisible();
  const times = await items.locator('time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
  expect(times).toHaveLength(likes.length);
  expect([...times].sort((a, b) => b - a)).toEqual(times);
});
