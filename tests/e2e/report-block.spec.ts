import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isMobile, signUpAndIn } from './helpers.ts';

const VIDEO = '/videoDetails?id=1007';

/** The comment thread on the open video page whose top-level comment says `text`, under 最新. */
async function threadOf(page: Page, text: string): Promise<Locator> {
  const comments = page.getByTestId('comments');
  await comments.getByRole('tab', { name: '最新' }).click();
  return comments.getByTestId('comment-thread').filter({ hasText: text });
}

/** Another member writes a comment on the video from their own browser; answers their name. */
async function commentAsAnotherMember(page: Page, text: string): Promise<string> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize() ?? undefined, locale: 'zh-CN' });
  const other = await context.newPage();
  await other.goto('/');
  const name = await signUpAndIn(other);
  await other.goto(VIDEO);
  const composer = other.getByTestId('comments').getByTestId('comment-composer');
  await composer.getByRole('textbox').fill(text);
  await composer.getByTestId('comment-submit').click();
  await other.getByTestId('comment-rules').getByTestId('confirm-action').click();
  await expect(other.getByTestId('toast').filter({ hasText: '评论成功' })).toBeVisible();
  await context.close();
  return name;
}

test('a member reports a comment with a reason, blocks its author (the comment goes), and unblocks them on /account (it comes back)', async ({ page }) => {
  test.setTimeout(120_000);
  const text = `这条评论会被举报 ${Date.now()}`;
  const author = await commentAsAnotherMember(page, text);

  await page.goto(VIDEO);
  const thread = await threadOf(page, text);
  await expect(thread).toBeVisible();
  const more = thread.getByTestId('comment-item').getByTestId('comment-more');
  if (isMobile(page)) {
    const box = (await more.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }

  // A guest who picks 举报 is asked to sign in.
  await more.click();
  await page.getByRole('menu', { name: '更多操作' }).getByRole('menuitem', { name: '举报' }).click();
  await expect(page.getByRole('dialog').getByText('登录后继续畅享高清视频')).toBeVisible();
  await signUpAndIn(page, true);

  // By keyboard: the menu opens on its first item; the dialog asks for a reason, then for the detail 其他 needs.
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: '更多操作' });
  await expect(menu.getByRole('menuitem', { name: '举报' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: '屏蔽该用户' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog.getByRole('heading', { name: '举报评论' })).toBeVisible();
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.getByText('请选择举报原因')).toBeVisible();
  await dialog.getByRole('radio', { name: '其他' }).check();
  await dialog.getByTestId('report-submit').click();
  await expect(dialog.getByText('请填写举报说明')).toBeVisible();
  await dialog.getByRole('radio', { name: '人身攻击' }).check();
  await dialog.getByLabel('补充说明（选填）').fill('<b>辱骂</b> 其他用户');
  await expect(dialog.getByText('14/200')).toBeVisible();
  await dialog.getByTestId('report-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '举报成功，我们会尽快处理' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus is back on the button that opened it all.
  await expect(more).toBeFocused();

  // 屏蔽: asked first, then the author's comment leaves the list.
  await more.click();
  await menu.getByRole('menuitem', { name: '屏蔽该用户' }).click();
  const confirm = page.getByTestId('block-dialog');
  await expect(confirm.getByRole('heading', { name: `屏蔽 ${author}？` })).toBeVisible();
  await confirm.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast').filter({ hasText: `已屏蔽 ${author}` })).toBeVisible();
  await expect(thread).toHaveCount(0);
  // Still gone after a reload: the server leaves it out.
  await page.reload();
  await threadOf(page, text);
  await expect(page.getByTestId('comment-thread').first()).toBeVisible();
  await expect(page.getByTestId('comment-thread').filter({ hasText: text })).toHaveCount(0);

  // 黑名单 on /account lists them; 解除 takes them off.
  await page.goto('/account');
  const section = page.getByTestId('blocklist-section');
  await section.scrollIntoViewIfNeeded();
  const row = section.getByTestId('blocked-member').filter({ hasText: author });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `解除屏蔽 ${author}` }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `已解除屏蔽 ${author}` })).toBeVisible();
  await expect(section.getByTestId('blocklist-empty')).toBeVisible();

  // Back on the video the comment is there again.
  await page.goto(VIDEO);
  await expect(await threadOf(page, text)).toBeVisible();
});
