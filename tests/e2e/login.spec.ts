import { expect, test } from './fixtures.ts';
import { appStore, focusBehindDialog, isMobile, openHome, openLogin, signUpAndIn } from './helpers.ts';

test('sign-in validation shows each message in order', async ({ page }) => {
  await openHome(page);
  const dialog = await openLogin(page);
  const submit = dialog.getByRole('button', { name: /^登录$/ });
  await expect(submit).toBeDisabled();

  const account = dialog.getByLabel('账号');
  const password = dialog.getByLabel('密码', { exact: true });
  await account.fill('abc');
  await password.fill('x');
  await account.fill('');
  await expect(submit).toBeDisabled();

  // A mobile number alone enables submit; the account is still checked first.
  await dialog.getByLabel('手机号').fill('13800000000');
  await submit.click();
  await expect(dialog.getByText('请输入账号')).toBeVisible();
  await dialog.getByLabel('手机号').fill('');

  await account.fill('abc');
  await password.fill('123');
  await submit.click();
  await expect(dialog.getByText('账号长度不少于6位')).toBeVisible();

  await account.fill('abcdef');
  await submit.click();
  await expect(dialog.getByText('密码长度不少于6位')).toBeVisible();

  // The overlay does not close the popup.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
});

test('sign-up validation shows each message in order', async ({ page }) => {
  await openHome(page);
  const dialog = await openLogin(page);
  await dialog.getByRole('tab', { name: '注册帐号' }).click();
  const submit = dialog.getByRole('button', { name: /^注册$/ });
  const account = dialog.getByLabel('账号');
  const password = dialog.getByLabel('密码', { exact: true });
  const confirm = dialog.getByLabel('确认密码');
  await account.fill('abc');
  await password.fill('123');
  await expect(submit).toBeDisabled();

  await confirm.fill('1234');
  await submit.click();
  await expect(dialog.getByText('两次密码不一致 请重新确认')).toBeVisible();

  await confirm.fill('123');
  await submit.click();
  await expect(dialog.getByText('账号不少于6位')).toBeVisible();

  await account.fill('abcdefg');
  await submit.click();
  await expect(dialog.getByText('密码不少于6位')).toBeVisible();
});

test('sign-up makes the guest a member at once (same token, no second sign-in), and the account signs in again after signing out', async ({ page }) => {
  await openHome(page);
  const guestToken = (await appStore(page)).token;
  const name = await signUpAndIn(page);
  await expect(page.getByText('注册成功，已为你登录')).toBeVisible();
  const member = await appStore(page);
  expect(member.userInfo?.isUser).toBe(true);
  expect(member.token).toBe(guestToken);
  await page.goto('/mine');
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByText(name).first()).toBeVisible();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await appStore(page)).userInfo?.isUser).toBe(false);
  const dialog = await openLogin(page);
  await dialog.getByLabel('账号').fill(name);
  await dialog.getByLabel('密码', { exact: true }).fill('secret123');
  await dialog.getByRole('button', { name: /^登录$/ }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await appStore(page)).userInfo?.account).toBe(name);
});

test('the popup is a modal dialog: the page behind is inert, Esc closes it, focus returns, and a failed sign-in toast shows above it', async ({ page }) => {
  await openHome(page);
  const dialog = await openLogin(page);
  expect(await dialog.evaluate((el) => el instanceof HTMLDialogElement && el.matches(':modal'))).toBe(true);
  await expect(dialog.getByLabel('账号')).toBeFocused();

  // Tab moves through the popup only: focus never reaches the page behind.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusBehindDialog(page)).toBe(false);
  }

  // A wrong password: the server's tip arrives as a toast, drawn above the popup and its backdrop.
  await dialog.getByLabel('账号').fill('nobody-here-1');
  await dialog.getByLabel('密码', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: /^登录$/ }).click();
  const toast = page.getByTestId('toast').first();
  await expect(toast).toBeVisible();
  // In the top layer (a popover), so neither the dialog nor its backdrop covers it.
  expect(await toast.evaluate((el) => el.parentElement!.matches(':popover-open'))).toBe(true);
  await page.screenshot({ path: `test-results/login-toast-${test.info().project.name}.png` });
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const opener = isMobile(page)
    ? page
        .getByRole('link', { name: '我的' })
        .or(page.getByRole('button', { name: '我的' }))
        .first()
    : page.getByRole('button', { name: /登录/ }).first();
  await expect(opener).toBeFocused();
});
