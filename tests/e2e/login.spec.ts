import { expect, test } from './fixtures.ts';
import { appStore, openHome, openLogin, signUpAndIn } from './helpers.ts';

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

test('sign-up then sign-in makes a member', async ({ page }) => {
  await openHome(page);
  const name = await signUpAndIn(page);
  expect((await appStore(page)).userInfo?.isUser).toBe(true);
  await page.goto('/mine');
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByText(name).first()).toBeVisible();
});
