import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { openHome, openLogin } from './helpers.ts';

const screenshot = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 360, height: 640, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer(),
});

test('the FAQ search finds a question, its answer opens in place, and no match leads to the feedback form', async ({ page }) => {
  await page.goto('/FAQ');
  const items = page.getByTestId('faq-item');
  await expect(items.first()).toBeVisible();

  await page.getByTestId('faq-search').fill('PWA');
  await expect(page.getByTestId('faq-count')).toHaveText(/找到 \d+ 个相关问题/);
  await expect(page).toHaveURL(/[?&]q=PWA/);
  const install = items.filter({ hasText: '可以把应用安装到手机桌面吗？' });
  await expect(install).toBeVisible();
  const answer = install.getByTestId('faq-answer');
  await expect(answer).toBeHidden();
  await install.getByText('可以把应用安装到手机桌面吗？').click();
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('添加到主屏幕');
  // The answer is plain paragraphs.
  await expect(answer.locator('p')).toHaveCount(2);

  // A question opens from the keyboard as well.
  await page.getByTestId('faq-search').fill('清晰度');
  const quality = items.filter({ hasText: '视频的清晰度可以调整吗？' });
  await expect(quality).toBeVisible();
  await quality.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(quality.getByTestId('faq-answer')).toContainText('360p、720p 和 1080p');
  // What was searched for stands out in the question and the answer, still as plain text.
  await expect(quality.locator('summary mark')).toHaveText('清晰度');
  await expect(quality.getByTestId('faq-answer').locator('mark').first()).toHaveText('清晰度');

  // Nothing found: say so and offer the feedback form.
  await page.getByTestId('faq-search').fill('完全不存在的问题xyz');
  const empty = page.getByTestId('faq-empty');
  await expect(empty).toContainText('没有找到相关问题');
  await empty.getByRole('link', { name: '提交反馈' }).click();
  await expect(page).toHaveURL(/\/contactUs#feedback$/);
  await expect(page.getByTestId('feedback-form')).toBeInViewport();
});

test('the FAQ category chips narrow the list to one category', async ({ page }) => {
  await page.goto('/FAQ');
  const items = page.getByTestId('faq-item');
  await expect(items.first()).toBeVisible();
  const points = page.getByTestId('faq-category').filter({ hasText: '积分与签到' });
  await points.click();
  await expect(points).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('faq-category').filter({ hasText: '全部' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/[?&]cate=\d+/);
  await expect(items.filter({ hasText: '怎样获得积分？' })).toBeVisible();
  await expect(items).toHaveCount(4);
  await expect(items.filter({ hasText: '如何注销账号？' })).toHaveCount(0);

  // A keyword searches within the category; the end of the page offers the feedback form.
  await page.getByTestId('faq-search').fill('签到');
  await expect(page.getByTestId('faq-count')).toHaveText(/在「积分与签到」中找到 \d+ 个相关问题/);
  await expect(page.getByTestId('faq-feedback-link')).toHaveAttribute('href', '/contactUs#feedback');

  await page.getByTestId('faq-category').filter({ hasText: '全部' }).click();
  await page.getByTestId('faq-search').fill('');
  await expect(items.filter({ hasText: '为什么我没有注册也能看视频？' })).toBeVisible();
});

test('a guest sends feedback with a screenshot and is thanked; the form empties', async ({ page }) => {
  await page.goto('/contactUs#feedback');
  const form = page.getByTestId('feedback-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('support-email')).toHaveText('support@example.com');

  const category = form.getByTestId('feedback-category').filter({ hasText: '播放问题' });
  await category.click();
  await expect(category).toHaveAttribute('aria-pressed', 'true');
  const content = form.getByTestId('feedback-content');
  const text = '第三个视频在 0:10 处卡住，<b>切换</b>清晰度后恢复。';
  await content.fill(text);
  await expect(form.getByTestId('feedback-count')).toHaveText(`${[...text].length}/500`);
  await form.getByTestId('feedback-contact').fill('guest@example.com');
  await form.getByTestId('feedback-file-input').setInputFiles(await screenshot('stuck.png'));
  const shot = form.getByTestId('feedback-image');
  await expect(shot).toHaveCount(1);
  await expect(shot).toHaveAttribute('data-state', 'done');
  await expect(shot.locator('img')).toHaveJSProperty('complete', true);

  const sent = page.waitForResponse((r) => r.url().endsWith('/api/app/feedback/add'));
  await form.getByTestId('feedback-submit').click();
  expect((await sent).ok()).toBe(true);
  await expect(page.getByTestId('toast').filter({ hasText: '感谢你的反馈' })).toBeVisible();
  await expect(content).toHaveValue('');
  await expect(form.getByTestId('feedback-contact')).toHaveValue('');
  await expect(form.getByTestId('feedback-image')).toHaveCount(0);
  await expect(category).toHaveAttribute('aria-pressed', 'false');
  await expect(form.getByTestId('feedback-count')).toHaveText('0/500');
});

test('an empty feedback shows what is missing beside its fields and keeps what was typed', async ({ page }) => {
  await page.goto('/contactUs');
  const form = page.getByTestId('feedback-form');
  await expect(form.getByTestId('feedback-category').first()).toBeVisible();
  await form.getByTestId('feedback-contact').fill('13800138000');
  await form.getByTestId('feedback-submit').click();
  await expect(form.getByTestId('feedback-category-error')).toHaveText('请选择反馈类型');
  await expect(form.getByText('请输入反馈内容')).toBeVisible();
  await expect(form.getByTestId('feedback-content')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('feedback-contact')).toHaveValue('13800138000');
  // Too long: the counter says so and nothing is sent.
  await form.getByTestId('feedback-category').filter({ hasText: '其他' }).click();
  await expect(form.getByTestId('feedback-category-error')).toHaveText('');
  await form.getByTestId('feedback-content').fill('好'.repeat(501));
  await expect(form.getByTestId('feedback-count')).toHaveText('501/500');
  await form.getByTestId('feedback-submit').click();
  await expect(form.getByText('反馈内容不能超过500字')).toBeVisible();
  await expect(form.getByTestId('feedback-contact')).toHaveValue('13800138000');
  await expect(form.getByTestId('feedback-content')).toHaveValue('好'.repeat(501));
});

test('the sign-up tab links to the privacy policy, which opens at its section', async ({ page }) => {
  await openHome(page);
  const dialog = await openLogin(page);
  await dialog.getByRole('tab', { name: '注册帐号' }).click();
  await expect(dialog.getByTestId('sign-up-agreement')).toHaveText('注册即表示同意《用户协议》和《隐私政策》');
  await dialog.getByRole('link', { name: '《隐私政策》' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/contactUs#privacy$/);
  const privacy = page.getByTestId('policy-privacy');
  await expect(privacy.getByRole('heading', { name: '隐私政策' })).toBeInViewport();
  await expect(privacy).toContainText('我们不会出售你的个人信息');
  await expect(page.getByTestId('policy-terms')).toContainText('不得');
});
