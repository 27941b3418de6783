import { expect, test } from './fixtures.ts';
import { openHome, signUpAndIn } from './helpers.ts';

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

test('a member accepts the rules once, comments as plain text, votes and replies; the author finds the reply in /sysMsg', async ({ page, browser }) => {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  const comments = page.getByTestId('comments');
  // A guest is asked to sign in before voting or writing.
  await comments.getByTestId('comment-support').first().click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
  const video = page.url();
  const author = await signUpAndIn(page, true);

  const payload = `<img src=x onerror="window.__xss=1"> 风景真好 ${Date.now()}`;
  const composer = comments.getByTestId('comment-composer');
  await composer.getByRole('textbox').fill(payload);
  await composer.getByTestId('comment-submit').click();
  const rules = page.getByTestId('comment-rules');
  await expect(rules.getByText('友善交流，尊重不同观点，不进行人身攻击。')).toBeVisible();
  await rules.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast').filter({ hasText: '评论成功' })).toBeVisible();
  await expect(composer.getByRole('textbox')).toHaveValue('');

  await comments.getByRole('tab', { name: '最新' }).click();
  const mine = comments.getByTestId('comment-item').filter({ hasText: payload });
  await expect(mine).toBeVisible();
  // Shown as text: the markup is visible and never ran.
  await expect(mine.getByText(payload)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  const support = mine.getByTestId('comment-support').first();
  await support.click();
  await expect(support).toHaveAttribute('aria-pressed', 'true');
  await expect(support).toContainText('1');
  await mine.getByTestId('comment-oppose').first().click();
  await expect(support).toHaveAttribute('aria-pressed', 'false');
  await expect(mine.getByTestId('comment-oppose').first()).toHaveAttribute('aria-pressed', 'true');

  // Another member replies; the rules are asked once per member, the reply shows under the comment.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'zh-CN' });
  const second = await other.newPage();
  await second.goto('/');
  await signUpAndIn(second);
  await second.goto(video);
  const theirs = second.getByTestId('comments');
  await theirs.getByRole('tab', { name: '最新' }).click();
  const target = theirs.getByTestId('comment-thread').filter({ hasText: payload });
  await target.getByTestId('comment-item').getByTestId('comment-reply').click();
  const reply = target.getByTestId('reply-composer');
  await reply.getByRole('textbox').fill('我也这么觉得');
  await reply.getByTestId('comment-submit').click();
  await second.getByTestId('comment-rules').getByTestId('confirm-action').click();
  await expect(second.getByTestId('toast').filter({ hasText: '回复成功' })).toBeVisible();
  await expect(target.getByTestId('reply-item').filter({ hasText: '我也这么觉得' })).toContainText(`回复 @${author}`);
  await other.close();

  await page.goto('/sysMsg?tab=3');
  await expect(page.getByTestId('message-row').filter({ hasText: '我也这么觉得' })).toBeVisible();
});
