import { expect, test } from './fixtures.ts';

test('the video page names its creators and tags, and each opens its page', async ({ page }) => {
  await page.goto('/videoDetails?id=1001');
  await expect(page.getByTestId('video-title')).toHaveText('晨光里的城市天际线');
  const creator = page.getByTestId('video-actress').first();
  await expect(creator).toBeVisible();
  await expect(creator).toHaveText(/^(林夏|周以安|陈默|宋予)/);
  const tags = page.getByTestId('video-tag');
  await expect(tags).toHaveCount(3);

  await creator.click();
  await expect(page).toHaveURL(/\/actressPage\?id=20\d\d/);
  await page.goBack();
  await expect(page.getByTestId('video-title')).toHaveText('晨光里的城市天际线');
  const tagName = (await tags.first().textContent())?.replace('#', '').trim() ?? '';
  await tags.first().click();
  await expect(page).toHaveURL(/\/tagDetails\?tid=4\d\d&contentType=2/);
  expect(tagName.length).toBeGreaterThan(0);
});
