import { expect, test } from './fixtures.ts';
import { expectGuestAskedToSignIn, openHome, signUpAndIn } from './helpers.ts';

test('a guest is asked to sign in before collecting', async ({ page }) => {
  await openHome(page);
  await page.getByTestId('video-card').first().click();
  const toggle = page.getByTestId('favourite-toggle');
  await expect(toggle).toHaveText(/收藏/);
  await expectGuestAskedToSignIn(page, toggle);
});

test('a member collects a video, it stays collected after reload and shows on /mine', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  const card = page.getByTestId('video-card').nth(3);
  const title = (await card.locator('h3').textContent())!.trim();
  await card.click();
  const toggle = page.getByTestId('favourite-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toContainText('已收藏');

  await page.reload();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/mine');
  await expect(page.getByTestId('favourite-item').filter({ hasText: title })).toBeVisible();

  await page.getByTestId('favourite-item').filter({ hasText: title }).click();
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/mine');
  await expect(page.getByText('还没有收藏')).toBeVisible();
});
