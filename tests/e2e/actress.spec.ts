import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectGuestAskedToSignIn, openHome, scrollAndSettle, scrollToListEnd, signUpAndIn } from './helpers.ts';

/** Seeded performer 2001 (protocol seed): the one the contract names. */
const LIN_XIA = { id: 2001, name: '林夏' };

async function openActressList(page: Page, query = '') {
  await page.goto(`/actressList${query}`);
  await expect(page.getByTestId('actress-card').first()).toBeVisible();
}

test('the performer list shows seeded performers, pages on, sorts and filters by tag', async ({ page }) => {
  await openActressList(page);
  const cards = page.getByTestId('actress-card');
  await expect(cards.first().getByRole('heading')).not.toBeEmpty();
  await expect(cards.first()).toContainText('作品');
  await expect(cards.first()).toContainText('粉丝');
  await expect(page.getByTestId('actress-filter-chip').filter({ hasText: '全部' })).toHaveAttribute('aria-current', 'true');

  // 20 seeded performers, 12 a page: the second page arrives by scrolling.
  await scrollToListEnd(page, 10);
  await expect(cards).toHaveCount(20);

  await page.getByTestId('sort-tab').filter({ hasText: '最热' }).click();
  await expect(page).toHaveURL(/\/actressList\?sort=1$/);
  await expect(page.getByTestId('sort-tab').filter({ hasText: '最热' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toBeVisible();

  const tagChip = page.locator('[data-testid="actress-filter-chip"][data-kind="tag"]').first();
  const tagName = (await tagChip.textContent())!.trim();
  await tagChip.click();
  await expect(page).toHaveURL(/\/actressList\?tid=\d+&sort=1$/);
  await expect(page.getByTestId('actress-filter-chip').filter({ hasText: tagName })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tagName);
  await expect(cards.first().or(page.getByTestId('actress-grid-empty'))).toBeVisible();

  const categoryChip = page.locator('[data-testid="actress-filter-chip"][data-kind="category"]').first();
  await categoryChip.click();
  await expect(page).toHaveURL(/\/actressList\?tagCateId=\d+&sort=1$/);
  await expect(categoryChip).toHaveAttribute('aria-current', 'true');
});

test('a performer card opens the performer page with profile, tags and works', async ({ page }) => {
  await openActressList(page);
  const card = page.getByTestId('actress-card').first();
  const id = await card.getAttribute('data-actress-id');
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/actressPage\\?id=${id}$`));
  await expect(page.getByTestId('actress-name')).toHaveText(name);
  await expect(page.getByTestId('actress-work').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '简介' })).toBeVisible();

  const tag = page.getByTestId('actress-tag').first();
  await tag.click();
  await expect(page).toHaveURL(/\/actressList\?tid=\d+$/);
  await expect(page.locator('[data-testid="actress-filter-chip"][aria-current="true"]')).toHaveAttribute('data-kind', 'tag');
});

test('a work opens its video, and the works can be re-sorted', async ({ page }) => {
  await page.goto(`/actressPage?id=${LIN_XIA.id}`);
  await expect(page.getByTestId('actress-name')).toHaveText(LIN_XIA.name);
  const works = page.getByTestId('actress-work');
  await expect(works.first()).toBeVisible();
  const count = await works.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await page.getByTestId('sort-tab').filter({ hasText: '最热' }).click();
  await expect(page.getByTestId('sort-tab').filter({ hasText: '最热' })).toHaveAttribute('aria-pressed', 'true');
  await expect(works).toHaveCount(count);
  await works.first().click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+$/);
});

test('an unknown performer id shows a not-found state', async ({ page }) => {
  await page.goto('/actressPage?id=999999');
  await expect(page.getByTestId('actress-not-found')).toBeVisible();
  await expect(page.getByTestId('actress-not-found').getByText('演员不存在')).toBeVisible();
  await page.goto('/actressPage');
  await expect(page.getByTestId('actress-not-found')).toBeVisible();
});

test('a guest who taps 关注 gets the login popup', async ({ page }) => {
  await page.goto(`/actressPage?id=${LIN_XIA.id}`);
  const toggle = page.getByTestId('follow-toggle');
  await expect(toggle).toHaveText(/关注/);
  await expectGuestAskedToSignIn(page, toggle);
});

test('a member follows and unfollows a performer, and the visit shows under /mine', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto(`/actressPage?id=${LIN_XIA.id}`);
  const toggle = page.getByTestId('follow-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const fans = page.getByTestId('actress-fans');
  const before = (await fans.textContent())!.trim();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toHaveText('已关注');

  await page.reload();
  await expect(page.getByTestId('follow-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('follow-toggle').click();
  await expect(page.getByTestId('follow-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(fans).toHaveText(before);

  await page.goto('/mine');
  const recent = page.getByTestId('recent-actress').filter({ hasText: LIN_XIA.name });
  await expect(recent).toBeVisible();
  await recent.click();
  await expect(page).toHaveURL(new RegExp(`/actressPage\\?id=${LIN_XIA.id}$`));
});

test('back from a performer page restores the list offset without refetching', async ({ page }) => {
  await openActressList(page);
  await scrollToListEnd(page, 10);
  const cards = page.getByTestId('actress-card');
  const target = await page.evaluate(() => Math.min(500, document.documentElement.scrollHeight - window.innerHeight));
  expect(target).toBeGreaterThan(100);
  const left = await scrollAndSettle(page, target);
  const count = await cards.count();

  let listCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/app/actress/list')) listCalls += 1;
  });
  const visible = await cards.evaluateAll((els) => els.findIndex((e) => e.getBoundingClientRect().top > 80));
  await cards.nth(visible).click();
  await expect(page).toHaveURL(/\/actressPage\?id=\d+$/);
  await expect(page.getByTestId('actress-name')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/actressList$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThanOrEqual(5);
  await expect(cards).toHaveCount(count);
  expect(listCalls).toBe(0);
});
