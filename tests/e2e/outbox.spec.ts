import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, md, memberUnderControl, openHome } from './helpers.ts';

async function comment(page: Page, text: string): Promise<void> {
  const composer = page.getByTestId('comment-composer');
  await composer.getByRole('textbox').fill(text);
  await composer.getByTestId('comment-submit').click();
}

const VIDEO = 1006;

/** How often the member's own favourites list holds `id` (other tests favourite the same videos at the same time, so counts are not compared). */
async function favouriteTimes(page: Page, id: number): Promise<number> {
  const list = await api<{ list: { id: number }[] }>(page, '/api/app/collect/list', { contentType: 2, page: 1, pageSize: 50 });
  return list.list.filter((video) => video.id === id).length;
}

test('a favourite, a comment and a check-in made offline show as pending, survive a reload, and reach the server once when the connection returns', async ({
  page,
  context,
}) => {
  await memberUnderControl(page);
  // Online first: /mine and the video page leave their offline copies; the comment rules are accepted.
  await page.goto('/mine');
  await expect(page.getByTestId('checkin-button')).toBeEnabled();
  await page.goto(`/videoDetails?id=${VIDEO}`);
  await expect(page.getByTestId('comments')).toBeVisible();
  await comment(page, `在线评论 ${Date.now()}`);
  await page.getByTestId('comment-rules').getByTestId('confirm-action').click();
  await expect(page.getByTestId('comment-item').first()).toBeVisible();
  expect(await favouriteTimes(page, VIDEO)).toBe(0);

  await context.setOffline(true);
  const favourite = page.getByTestId('favourite-toggle');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favourite-pending')).toBeVisible();
  const offlineText = `离线评论 ${Date.now()}`;
  await comment(page, offlineText);
  await expect(page.getByTestId('pending-comment').filter({ hasText: offlineText })).toBeVisible();
  await expect(page.getByTestId('comment-composer').getByRole('textbox')).toHaveValue('');

  await page.goto('/mine');
  await page.getByTestId('checkin-button').click();
  await expect(page.getByTestId('checkin-button')).toHaveAttribute('data-pending', 'true');
  // A reload keeps them: they live in Dexie, not in the page.
  await page.reload();
  await expect(page.getByTestId('checkin-button')).toHaveAttribute('data-pending', 'true');
  await page.goto(`/videoDetails?id=${VIDEO}`);
  await expect(page.getByTestId('pending-comment').filter({ hasText: offlineText })).toBeVisible();
  await expect(page.getByTestId('favourite-pending')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('pending-comment')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('favourite-pending')).toHaveCount(0);
  await expect(page.getByTestId('comment-item').filter({ hasText: offlineText })).toHaveCount(1);

  const after = await api<{ isCollect: boolean }>(page, '/api/app/video/detail', { id: VIDEO });
  expect(after.isCollect).toBe(true);
  expect(await favouriteTimes(page, VIDEO)).toBe(1);
  const comments = await api<{ list: { content: string }[] }>(page, '/api/app/comment/list', {
    id: VIDEO,
    contentType: 2,
    sort: 'latest',
    page: 1,
    pageSize: 20,
  });
  expect(comments.list.filter((c) => c.content === offlineText)).toHaveLength(1);
  const checkin = await api<{ checkedToday: boolean; total: number }>(page, '/api/app/checkin/prize', {});
  expect(checkin.checkedToday).toBe(true);
  expect(checkin.total).toBe(1);
});

test('Background Sync sends what was kept while the server could not be reached, once', async ({ page, context }) => {
  await memberUnderControl(page);
  await page.goto(`/videoDetails?id=${VIDEO + 1}`);
  await expect(page.getByTestId('favourite-toggle')).toBeVisible();

  // Online, but the call never reaches the server: it is kept, and the page has no `online` event to send it on.
  await context.route('**/api/app/collect/add', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-pending')).toBeVisible();
  await context.unroute('**/api/app/collect/add');

  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    tag: 'md-outbox',
    lastChance: false,
  });
  await expect(page.getByTestId('favourite-pending')).toHaveCount(0, { timeout: 20_000 });
  const after = await api<{ isCollect: boolean }>(page, '/api/app/video/detail', { id: VIDEO + 1 });
  expect(after.isCollect).toBe(true);
  expect(await favouriteTimes(page, VIDEO + 1)).toBe(1);
});

const PERFORMER = 2002;

test('a follow, a vote on a comment and a post made offline wait as pending through a reload and reach the server once', async ({ page, context }) => {
  await memberUnderControl(page);
  // Online first, so each screen has its offline copy.
  await page.goto(`/videoDetails?id=${VIDEO + 2}`);
  const voted = page.getByTestId('comment-item').first();
  await expect(voted).toBeVisible();
  await page.goto('/post');
  await expect(page.getByTestId('post-title-input')).toBeVisible();
  await page.goto(`/actressPage?id=${PERFORMER}`);
  const follow = page.getByTestId('follow-toggle');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');

  await context.setOffline(true);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follow-pending')).toBeVisible();

  await page.goto(`/videoDetails?id=${VIDEO + 2}`);
  const likes = Number(await voted.getAttribute('data-likes'));
  await voted.getByTestId('comment-support').click();
  await expect(voted).toHaveAttribute('data-likes', String(likes + 1));
  await expect(voted.getByTestId('comment-support')).toHaveAttribute('aria-pressed', 'true');
  await expect(voted.getByTestId('vote-pending')).toBeVisible();

  await page.goto('/post');
  const title = `离线帖子 ${Date.now()}`;
  await page.getByTestId('post-title-input').fill(title);
  await page.getByTestId('post-content-input').fill('没有网络时写下的帖子，联网后发出。');
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId('pending-post').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('post-title-input')).toHaveValue('');

  await page.reload();
  await expect(page.getByTestId('pending-post').filter({ hasText: title })).toBeVisible();
  // Read again from the offline copy (the server's last answer), the page still shows the follow made.
  await page.goto(`/actressPage?id=${PERFORMER}`);
  await expect(page.getByTestId('follow-pending')).toBeVisible();
  await expect(page.getByTestId('follow-toggle')).toHaveAttribute('aria-pressed', 'true');

  await context.setOffline(false);
  await expect(page.getByTestId('follow-pending')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('follow-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/mine');
  await expect(page.getByTestId('pending-post')).toHaveCount(0);
  await expect(page.getByTestId('my-post').filter({ hasText: title })).toHaveCount(1);

  const performer = await api<{ isCollect: boolean }>(page, '/api/app/actress/detail', { id: PERFORMER });
  expect(performer.isCollect).toBe(true);
  const comments = await api<{ list: { id: number; myVote: number }[] }>(page, '/api/app/comment/list', {
    id: VIDEO + 2,
    contentType: 2,
    sort: 'hot',
    page: 1,
    pageSize: 50,
  });
  expect(comments.list.filter((c) => c.myVote === 1)).toHaveLength(1);
  const posts = await api<{ list: { title: string }[] }>(page, '/api/app/post/center', { page: 1, pageSize: 20 });
  expect(posts.list.filter((p) => p.title === title)).toHaveLength(1);
});

test('a guest’s feedback written offline waits under the form and is sent once when the connection returns', async ({ page, context }) => {
  await openHome(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/contactUs#feedback');
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const form = page.getByTestId('feedback-form');
  await expect(form.getByTestId('feedback-category').first()).toBeVisible();

  await context.setOffline(true);
  await form.getByTestId('feedback-category').filter({ hasText: '其他' }).click();
  const text = `离线反馈 ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`;
  await form.getByTestId('feedback-content').fill(text);
  await form.getByTestId('feedback-submit').click();
  const pending = page.getByTestId('pending-feedback').filter({ hasText: text });
  await expect(pending).toBeVisible();
  await expect(form.getByTestId('feedback-content')).toHaveValue('');
  await page.reload();
  await expect(pending).toBeVisible();

  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 20_000 });
  // The operators read it once (new feedback comes oldest first: the newest are on the last pages).
  const first = await md<{ total: number }>('feedback', 'list', '--size', '50');
  const last = Math.max(1, Math.ceil(first.total / 50));
  const pages = await Promise.all(
    [last - 1, last].filter((n) => n >= 1).map((n) => md<{ list: { content: string }[] }>('feedback', 'list', '--size', '50', '--page', String(n))),
  );
  expect(pages.flatMap((p) => p.list).filter((f) => f.content === text)).toHaveLength(1);
});
