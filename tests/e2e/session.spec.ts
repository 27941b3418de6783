import { expect, test } from './fixtures.ts';
import { appStore, isMobile, openHome, signUpAndIn, uniqueAccount } from './helpers.ts';

test('a first-time visitor becomes a guest and sees posters that decode', async ({ page }) => {
  await openHome(page);
  const store = await appStore(page);
  expect(store.devId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // The guest is bound to the secret its first login answered (DECISIONS: guest binding).
  expect(store.uuid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(store.token).toBeTruthy();
  expect(store.userInfo?.isUser).toBe(false);

  const poster = page.getByTestId('video-card').first().locator('img');
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('a guest going to /mine is sent home with the sign-in popup saying why, and signing up opens /mine', async ({ page }) => {
  await openHome(page);
  await page.goto('/mine');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('video-card').first()).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('login-reason')).toHaveText('这个页面需要登录会员账号，登录后会自动打开');
  await dialog.getByRole('tab', { name: '注册帐号' }).click();
  await dialog.getByLabel('账号').fill(uniqueAccount());
  await dialog.getByLabel('密码', { exact: true }).fill('secret123');
  await dialog.getByLabel('确认密码').fill('secret123');
  await dialog.getByRole('button', { name: /^注册$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByTestId('checkin-card')).toBeVisible();
});

test('a popup opened by hand gives no reason, and closing the asked-for one forgets the page', async ({ page }) => {
  await openHome(page);
  await page.goto('/sysMsg');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-reason')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await signUpAndIn(page);
  await expect(page).toHaveURL(/\/$/);
});

test('back from a deep-linked page goes home, and from a page reached in the app goes to that page', async ({ page }) => {
  // /actressList is a sub-page (phones: the one bar with 返回; /tagList is now the 发现 section).
  await page.goto('/actressList');
  await page.getByRole('button', { name: '返回' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/videoDetails?id=1009');
  const back = isMobile(page) ? page.getByTestId('video-back') : null;
  if (back) {
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto('/');
  await page.getByTestId('video-card').first().click();
  await expect(page).toHaveURL(/\/videoDetails\?id=\d+/);
  if (back) {
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('video-card').first()).toBeVisible();
  }
});

test('an unknown or missing video id shows its not-found state with home and popular videos', async ({ page }) => {
  for (const path of ['/videoDetails?id=999999', '/videoDetails', '/videoDetails?id=abc']) {
    await page.goto(path);
    const missing = page.getByTestId('video-not-found');
    await expect(missing.getByText('视频不存在').first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
    await expect(missing.getByTestId('recommend-card').first()).toBeVisible();
  }
  await page.getByTestId('video-not-found').getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path shows the 404 text', async ({ page }) => {
  await openHome(page);
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found /no/such/page')).toBeVisible();
});

test('the home list pages through the whole catalogue', async ({ page }) => {
  await openHome(page);
  const cards = page.getByTestId('video-card');
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 10 && !(await end.isVisible()); i++) {
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
  // More than one page of 20 arrived, and no video appears twice.
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-video-id')));
  expect(ids.length).toBeGreaterThan(20);
  expect(new Set(ids).size).toBe(ids.length);
});

test('each page names itself in the tab title, and home is the site', async ({ page }) => {
  await openHome(page);
  await expect(page).toHaveTitle('MD 视频');
  await page.goto('/tagList');
  await expect(page).toHaveTitle(/^.+ - MD 视频$/);
  const tags = await page.title();
  await page.goto('/videoDetails?id=1009');
  const name = (await page.getByTestId('video-title').textContent())!.trim();
  await expect(page).toHaveTitle(`${name} - MD 视频`);
  expect(name).not.toBe('');
  await page.goBack();
  await expect(page).toHaveTitle(tags);
  await page.goto('/');
  await expect(page).toHaveTitle('MD 视频');
});
