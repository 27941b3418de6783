// Moderation end to end (issue 14): a member publishes a post from /post, an operator rejects it with
// the command-line tool through the running server's local channel (DATA_DIR/operator.json), and the
// author reads the reason in /sysMsg under 公告.
//
// With MD_HOLD_POSTS=1 the new post waits as pending and the operator rejects it (moderate reject);
// the default suite's server publishes posts at once, and there the operator takes it down
// (moderate takedown), which rejects a published post with a reason the same way.
import { expect, test } from './fixtures.ts';
import { isMobile, md, openHome, signUpAndIn } from './helpers.ts';

test('a post an operator rejects shows the reason in its author’s /sysMsg under 公告', async ({ page }) => {
  test.setTimeout(120_000);
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/discuss');
  await page.getByTestId(isMobile(page) ? 'discuss-write-fab' : 'discuss-write').click();
  await expect(page).toHaveURL(/\/post$/);
  const title = `审核测试 ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByTestId('post-title-input').fill(title);
  await page.getByTestId('post-content-input').fill('这是一条等待运营审核的帖子。');
  await page.getByTestId('publish-submit').click();
  await expect(page).toHaveURL(/\/postDetail\?id=\d+/);
  const id = new URL(page.url()).searchParams.get('id')!;

  const pending = await md<{ list: { id: number }[] }>('moderate', 'pending', '--kind', 'post', '--size', '50');
  const held = pending.list.some((p) => p.id === Number(id));
  const reason = `标题含有推广信息 ${id}`;
  const decision = await md<{ status: string; reason: string; noticeId: number | null }>(
    'moderate',
    held ? 'reject' : 'takedown',
    'post',
    id,
    '--reason',
    reason,
  );
  expect(decision).toMatchObject({ status: 'rejected', reason });
  expect(decision.noticeId).not.toBeNull();

  // The author's bell shows the notice; /sysMsg lists it under 公告 with the reason.
  await page.goto('/sysMsg');
  const notice = page
    .getByTestId('message-row')
    .filter({ hasText: held ? '你的帖子未通过审核' : '你的帖子已被下架' })
    .first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(reason);
  await notice.click();
  await expect(page).toHaveURL(/\/noticeDetail\?id=\d+/);
  await expect(page.getByTestId('notice')).toContainText(reason);
  await expect(page.getByTestId('notice')).toContainText(title.slice(0, 10));

  // The post itself, which only its author still reads, says why.
  await page.goto(`/postDetail?id=${id}`);
  await expect(page.getByText(`未通过审核：${reason}`)).toBeVisible();
});
