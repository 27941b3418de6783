// The operators' side (issue 14): the role, the admin API's refusals, the audit log, moderation
// decisions and their notices, hidden comments, reports, feedback answers and suspensions, driven
// through the command-line tool's own code path (runCli over the app) as an operator would.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_API, LOCAL_ONLY_TIP, OPERATOR_KEY_HEADER, OPERATORS_ONLY_TIP, type AuditEntry, type Decision } from '../../protocol/admin-api.ts';
import { API, type LoginResult, type Page, type UserInfo, type VideoDetail } from '../../protocol/api.ts';
import type { CommentHidden, MemberStatus, OperatorChange } from '../../protocol/contracts/admin.ts';
import { CONTENT_API, type CommentItem, type CommentThread, type MyComment, type MyPost, type PostDetail } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { MEMBER_API, type AccountExport, type MessageItem } from '../../protocol/member-api.ts';
import { SAFETY_API, type ReportReceipt } from '../../protocol/safety-api.ts';
import { SUPPORT_API, type FeedbackCategory, type FeedbackReceipt } from '../../protocol/support-api.ts';
import { COMMANDS } from '../../server/cli/commands/index.ts';
import { injectClient } from '../../server/cli/connect.ts';
import { runCli } from '../../server/cli/framework.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer, type Member } from './helpers.ts';

/** A stream that keeps what is written. */
const sink = () => {
  const chunks: string[] = [];
  return { write: (text: string) => chunks.push(text), text: () => chunks.join('') };
};

describe.each(BACKENDS)('operators on $name', (backend) => {
  const server = suiteServer({ backend, env: { MD_HOLD_POSTS: '1' } });
  const db = () => server.app.ctx.database.db;

  /** Runs the tool's command in this process over the suite's app, as `md <argv> --json`. */
  async function md<T = unknown>(...argv: string[]): Promise<{ code: number; data: T; stderr: string }> {
    const stdout = sink();
    const stderr = sink();
    const code = await runCli(COMMANDS, [...argv, '--json'], { stdout, stderr, env: {} }, async () => injectClient(server.app, 'tester', 'test app'));
    return { code, data: JSON.parse(stdout.text()) as T, stderr: stderr.text() };
  }

  const admin = <T>(path: string, token: string | undefined, body: unknown = {}) => call<T>(server.app, path, { token, body });
  const notices = async (m: Member) =>
    (await call<Page<MessageItem>>(server.app, MEMBER_API.messageList, { token: m.token, body: { type: 1, page: 1, pageSize: 50 } })).data.list;

  /** A member who holds the operator role, granted through the tool. */
  async function anOperator(): Promise<Member> {
    const m = await signUpMember(server.app, 'op');
    const granted = await md<OperatorChange>('operator', 'grant', m.account);
    expect(granted.code).toBe(0);
    return m;
  }

  const writer = async (prefix: string) => {
    const m = await signUpMember(server.app, prefix);
    expect((await call(server.app, CONTENT_API.commentConfirm, { token: m.token, body: { agree: true } })).envelope.code).toBe(200);
    return m;
  };
  const publish = async (m: Member, title: string) => {
    const res = await call<MyPost>(server.app, CONTENT_API.postPublish, {
      token: m.token,
      body: { title, content: `${title} 的正文`, images: [], tagIds: [], price: 0 },
    });
    expect(res.data.status).toBe('pending');
    return res.data.id;
  };

  it('refuses guests and members with 1007 需要运营权限, a call without a session with 1000, and a wrong or remote key at the signature', async () => {
    const guest = await newGuest(server.app);
    const member = await signUpMember(server.app, 'plain');
    for (const token of [guest.token, member.token]) {
      expect((await admin(ADMIN_API.moderatePending, token, { page: 1, pageSize: 5 })).envelope).toMatchObject({
        code: CODES.FORBIDDEN,
        tip: OPERATORS_ONLY_TIP,
      });
      // Refused before the body is read: a bad body gets the same answer.
      expect((await admin(ADMIN_API.memberSuspend, token, { nonsense: true })).envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: OPERATORS_ONLY_TIP });
    }
    expect((await admin(ADMIN_API.whoami, undefined)).envelope.code).toBe(CODES.LOGIN_INVALID);

    const key = server.app.ctx.operatorKey;
    const inject = (headers: Record<string, string>, remoteAddress = '127.0.0.1', url: string = ADMIN_API.whoami) =>
      server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: '{}', remoteAddress });
    expect((await inject({ [OPERATOR_KEY_HEADER]: key })).json()).toMatchObject({ code: 200, hash: false, data: { via: 'cli', operatorId: null } });
    for (const refused of [
      await inject({ [OPERATOR_KEY_HEADER]: `${key.slice(0, -1)}x` }),
      await inject({ [OPERATOR_KEY_HEADER]: key }, '10.1.2.3'),
      await inject({ [OPERATOR_KEY_HEADER]: key, 'x-forwarded-for': '203.0.113.9' }),
      await inject({ [OPERATOR_KEY_HEADER]: key }, '127.0.0.1', API.userInfo),
    ]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: CODES.BAD_SIGNATURE });
    }
  });

  it('grants the role through the tool only: the operator signs admin calls until it is revoked, and both are in the audit log', async () => {
    const m = await signUpMember(server.app, 'grantee');
    expect((await admin(ADMIN_API.whoami, m.token)).envelope.code).toBe(CODES.FORBIDDEN);
    const granted = await md<OperatorChange>('operator', 'grant', m.account);
    expect(granted).toMatchObject({ code: 0, data: { userId: m.id, account: m.account, operator: true, changed: true } });
    expect((await md<OperatorChange>('operator', 'grant', `id:${m.id}`)).data.changed).toBe(false);

    const who = await admin<{ actor: string; operatorId: number; via: string }>(ADMIN_API.whoami, m.token);
    expect(who.envelope.code).toBe(200);
    expect(who.envelope.hash).toBe(true);
    expect(who.data).toMatchObject({ actor: `member:${m.account}`, operatorId: m.id, via: 'api' });
    // An operator cannot hand the role on: that is the tool's alone.
    const other = await signUpMember(server.app, 'other');
    expect((await admin(ADMIN_API.operatorGrant, m.token, { account: other.account })).envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: LOCAL_ONLY_TIP });
    expect((await md<{ list: { userId: number }[] }>('operator', 'list', '--size', '50')).data.list.map((o) => o.userId)).toContain(m.id);

    expect((await md<OperatorChange>('operator', 'revoke', m.account)).data).toMatchObject({ operator: false, changed: true });
    expect((await admin(ADMIN_API.whoami, m.token)).envelope).toMatchObject({ code: CODES.FORBIDDEN, tip: OPERATORS_ONLY_TIP });

    const log = await md<Page<AuditEntry>>('audit', 'list', '--size', '50');
    const mine = log.data.list.filter((e) => e.targetId === String(m.id));
    expect(mine.map((e) => e.action)).toEqual(['operator.revoke', 'operator.grant', 'operator.grant']);
    expect(mine[0]).toMatchObject({ actor: 'cli:tester', operatorId: null, targetType: 'user', details: { account: m.account, changed: true, via: 'cli' } });

    const unknown = await md('operator', 'grant', `nobody_${randomBytes(4).toString('hex')}`);
    expect(unknown.code).toBe(1);
    expect(unknown.data).toMatchObject({ error: { code: CODES.NOT_FOUND } });
    expect(unknown.stderr).toContain('用户不存在');
  });

  it('rejects a held post with a reason its author reads under 公告 and in their post centre; approves another, which everyone then reads', async () => {
    const op = await anOperator();
    const author = await signUpMember(server.app, 'author');
    const rejectedId = await publish(author, '待审核的帖子一');
    const approvedId = await publish(author, '待审核的帖子二');
    const queue = await md<Page<{ kind: string; id: number; author: { id: number } | null }>>('moderate', 'pending', '--kind', 'post', '--size', '50');
    expect(queue.data.list.filter((p) => p.author?.id === author.id).map((p) => p.id)).toEqual([rejectedId, approvedId]);

    const reason = '含有广告链接';
    const rejected = await md<Decision>('moderate', 'reject', 'post', String(rejectedId), '--reason', `  ${reason} `);
    expect(rejected).toMatchObject({ code: 0, data: { kind: 'post', id: rejectedId, status: 'rejected', reason } });
    const notice = (await notices(author)).find((n) => n.id === rejected.data.noticeId);
    expect(notice).toMatchObject({ type: 1, title: '你的帖子未通过审核', read: false });
    expect(notice!.content).toContain('待审核的帖子一');
    expect(notice!.content).toContain(`原因：${reason}`);
    const centre = await call<{ list: MyPost[] }>(server.app, CONTENT_API.postCenter, { token: author.token, body: { page: 1, pageSize: 20 } });
    expect(centre.data.list.find((p) => p.id === rejectedId)).toMatchObject({ status: 'rejected', rejectReason: reason });

    // An operator's own signed call decides too.
    const approved = await admin<Decision>(ADMIN_API.moderateApprove, op.token, { kind: 'post', id: approvedId });
    expect(approved.data).toMatchObject({ status: 'published', reason: null });
    const reader = await newGuest(server.app);
    expect((await call<PostDetail>(server.app, CONTENT_API.postDetail, { token: reader.token, body: { id: approvedId } })).envelope.code).toBe(200);
    expect((await call(server.app, CONTENT_API.postDetail, { token: reader.token, body: { id: rejectedId } })).envelope.code).toBe(CODES.NOT_FOUND);

    const twice = await md('moderate', 'approve', 'post', String(rejectedId));
    expect(twice.code).toBe(1);
    expect(twice.data).toMatchObject({ error: { code: CODES.ALREADY_DONE } });
    expect((await md('moderate', 'reject', 'post', String(approvedId), '--reason', '  ')).data).toMatchObject({ error: { code: CODES.BAD_REQUEST } });

    const log = (await md<Page<AuditEntry>>('audit', 'list', '--action', 'moderate.approve', '--operator', String(op.id))).data.list;
    expect(log[0]).toMatchObject({
      actor: `member:${op.account}`,
      operatorId: op.id,
      targetType: 'post',
      targetId: String(approvedId),
      details: { from: 'pending', to: 'published', via: 'api' },
    });
  });

  it('decides once when approvals and rejections of one item race', async () => {
    const author = await signUpMember(server.app, 'racer');
    const id = await publish(author, '赛跑的帖子');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? md<Decision>('moderate', 'approve', 'post', String(id)) : md<Decision>('moderate', 'reject', 'post', String(id), '--reason', '重复'),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 1).every((a) => (a.data as unknown as { error: { code: number } }).error.code === CODES.ALREADY_DONE)).toBe(true);
    const row = await db().selectFrom('posts').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe(answers.find((a) => a.code === 0)!.data.status);
    expect((await notices(author)).filter((n) => n.content.includes('赛跑的帖子'))).toHaveLength(1);
    const audit = await db().selectFrom('audit_log').select('action').where('target_type', '=', 'post').where('target_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
  });

  it('decides held reviews and works, and takes a published review down', async () => {
    const author = await signUpMember(server.app, 'critic');
    const review = await call<{ id: number; status: string }>(server.app, CONTENT_API.reviewAdd, {
      token: author.token,
      body: { videoId: 1005, title: '待审影评', content: '节奏很好。', score: 8 },
    });
    expect(review.data.status).toBe('pending');
    const category = await db().selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const work = await db()
      .insertInto('works')
      .values({
        user_id: author.id,
        upload_id: randomBytes(8).toString('hex'),
        clip: `w${randomBytes(6).toString('hex')}`,
        category_id: category.id,
        title: '待审作品',
        description: '',
        tag_ids: [],
        collection_id: null,
        review: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queue = (await md<Page<{ kind: string; id: number; state: string }>>('moderate', 'pending', '--size', '50')).data.list;
    expect(queue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'review', id: review.data.id }),
        expect.objectContaining({ kind: 'work', id: work.id, state: 'processing' }),
      ]),
    );

    expect((await md<Decision>('moderate', 'approve', 'review', String(review.data.id))).data.status).toBe('published');
    expect((await md<Decision>('moderate', 'reject', 'work', String(work.id), '--reason', '画面模糊')).data.status).toBe('rejected');
    const row = await db().selectFrom('works').select(['review', 'reject_reason']).where('id', '=', work.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ review: 'rejected', reject_reason: '画面模糊' });

    const down = await md<Decision>('moderate', 'takedown', 'review', String(review.data.id), '--reason', '剧透未标注');
    expect(down.data).toMatchObject({ status: 'rejected', reason: '剧透未标注' });
    expect((await call(server.app, CONTENT_API.reviewDetail, { body: { id: review.data.id } })).envelope.code).toBe(CODES.NOT_FOUND);
    const titles = (await notices(author)).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['你的影评已通过审核', '你的作品未通过审核', '你的影评已被下架']));
    expect((await md('moderate', 'takedown', 'work', String(work.id), '--reason', 'x')).data).toMatchObject({ error: { code: CODES.ALREADY_DONE } });
  });

  it('hides a comment with its replies from every list and count, tells its author, and closes its reports', async () => {
    const author = await writer('said');
    const replier = await writer('replied');
    const reporter = await writer('reporter');
    const videoId = 1011;
    const countOf = async () => (await db().selectFrom('videos').select('comment_count').where('id', '=', videoId).executeTakeFirstOrThrow()).comment_count;
    const before = await countOf();
    const top = (
      await call<CommentItem>(server.app, CONTENT_API.commentAdd, { token: author.token, body: { contentType: 2, id: videoId, content: '要被隐藏的评论' } })
    ).data;
    await call(server.app, CONTENT_API.commentAdd, { token: replier.token, body: { contentType: 2, id: videoId, content: '一条回复', parentId: top.id } });
    const kept = (
      await call<CommentItem>(server.app, CONTENT_API.commentAdd, { token: replier.token, body: { contentType: 2, id: videoId, content: '留下的评论' } })
    ).data;
    expect(await countOf()).toBe(before + 3);
    const report = await call<ReportReceipt>(server.app, SAFETY_API.reportAdd, {
      token: reporter.token,
      body: { targetType: 'comment', targetId: top.id, reason: 'abuse' },
    });
    const open = await md<Page<{ id: number; targetId: number; target: { visible: boolean } }>>('report', 'list', '--size', '50');
    expect(open.data.list.find((r) => r.id === report.data.id)).toMatchObject({ targetId: top.id, target: { visible: true } });

    const detail = async () => (await call<VideoDetail>(server.app, API.videoDetail, { body: { id: videoId } })).data.commentCount;
    expect(await detail()).toBe(before + 3);
    const hidden = await md<CommentHidden>('comment', 'hide', String(top.id), '--reason', '人身攻击');
    expect(hidden.data).toMatchObject({ id: top.id, contentType: 2, contentId: videoId, removed: 2 });
    expect(await countOf()).toBe(before + 1);
    // The video's cached detail was cleared with it.
    expect(await detail()).toBe(before + 1);
    for (const viewer of [undefined, author.token, replier.token]) {
      const list = await call<Page<CommentThread>>(server.app, CONTENT_API.commentList, {
        token: viewer,
        body: { contentType: 2, id: videoId, sort: 'latest', page: 1, pageSize: 50 },
      });
      expect(list.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([kept.id]));
      expect(list.data.list.map((c) => c.id)).not.toContain(top.id);
    }
    const mine = await call<Page<MyComment>>(server.app, CONTENT_API.commentMine, { token: author.token, body: { page: 1, pageSize: 20 } });
    expect(mine.data.list.map((c) => c.id)).not.toContain(top.id);
    expect((await call(server.app, CONTENT_API.commentVote, { token: replier.token, body: { id: top.id, vote: 1 } })).envelope.code).toBe(CODES.NOT_FOUND);
    const notice = (await notices(author)).find((n) => n.id === hidden.data.noticeId)!;
    expect(notice.title).toBe('你的评论已被隐藏');
    expect(notice.content).toContain('要被隐藏的评论');
    expect(notice.content).toContain('原因：人身攻击');
    expect((await md('comment', 'hide', String(top.id))).data).toMatchObject({ error: { code: CODES.ALREADY_DONE } });
    const resolved = await md<Page<{ id: number; note: string | null }>>('report', 'list', '--status', 'resolved', '--size', '50');
    expect(resolved.data.list.find((r) => r.id === report.data.id)).toMatchObject({ note: 'comment.hide' });

    // A report about something fine is dismissed, once.
    const second = await call<ReportReceipt>(server.app, SAFETY_API.reportAdd, {
      token: reporter.token,
      body: { targetType: 'comment', targetId: kept.id, reason: 'spam' },
    });
    expect((await md('report', 'dismiss', String(second.data.id), '--note', '没有问题')).data).toEqual({ id: second.data.id, status: 'dismissed' });
    expect((await md('report', 'resolve', String(second.data.id))).data).toMatchObject({ error: { code: CODES.ALREADY_DONE } });
  });

  it('hides a single reply from its thread and counts a reply under a hidden thread once', async () => {
    const author = await writer('thread');
    const replier = await writer('reply');
    const videoId = 1012;
    const count = async () => (await db().selectFrom('videos').select('comment_count').where('id', '=', videoId).executeTakeFirstOrThrow()).comment_count;
    const add = async (m: Member, content: string, parentId?: number) =>
      (
        await call<CommentItem>(server.app, CONTENT_API.commentAdd, {
          token: m.token,
          body: { contentType: 2, id: videoId, content, ...(parentId && { parentId }) },
        })
      ).data;
    const top = await add(author, '一个话题');
    const first = await add(replier, '第一条回复', top.id);
    const second = await add(replier, '第二条回复', top.id);
    const before = await count();

    expect((await md<CommentHidden>('comment', 'hide', String(first.id))).data.removed).toBe(1);
    expect(await count()).toBe(before - 1);
    const replies = await call<Page<CommentItem>>(server.app, CONTENT_API.commentReplies, { body: { id: top.id, page: 1, pageSize: 20 } });
    expect(replies.data.list.map((r) => r.id)).toEqual([second.id]);
    const thread = (
      await call<Page<CommentThread>>(server.app, CONTENT_API.commentList, { body: { contentType: 2, id: videoId, sort: 'latest', page: 1, pageSize: 20 } })
    ).data.list.find((c) => c.id === top.id)!;
    expect(thread.replyCount).toBe(1);
    expect(thread.replies.map((r) => r.id)).toEqual([second.id]);
    // The default reason when none is given.
    expect((await notices(replier)).find((n) => n.content.includes('第一条回复'))!.content).toContain('原因：违反社区规范');

    expect((await md<CommentHidden>('comment', 'hide', String(top.id))).data.removed).toBe(2);
    expect((await md<CommentHidden>('comment', 'hide', String(second.id))).data.removed).toBe(0);
    expect(await count()).toBe(before - 3);
    expect((await call(server.app, CONTENT_API.commentReplies, { body: { id: top.id, page: 1, pageSize: 20 } })).envelope.code).toBe(CODES.NOT_FOUND);
  });

  it('answers a feedback: the member reads the answer in a notice and in the export of their data', async () => {
    const m = await signUpMember(server.app, 'asker');
    const categories = (await call<FeedbackCategory[]>(server.app, SUPPORT_API.feedbackCategory, { body: {} })).data;
    const sent = await call<FeedbackReceipt>(server.app, SUPPORT_API.feedbackAdd, {
      token: m.token,
      body: { categoryId: categories[0]!.id, content: '播放页偶尔黑屏', contact: 'me@example.com' },
    });
    const queue = await md<Page<{ id: number; content: string; sender: { id: number } | null }>>('feedback', 'list', '--size', '50');
    expect(queue.data.list.find((f) => f.id === sent.data.id)).toMatchObject({ content: '播放页偶尔黑屏', sender: { id: m.id } });

    const answered = await md<{ id: number; noticeId: number }>('feedback', 'answer', String(sent.data.id), '--text', '已修复，请更新后再试。');
    expect(answered.data).toMatchObject({ id: sent.data.id, status: 'answered' });
    const notice = (await notices(m)).find((n) => n.id === answered.data.noticeId)!;
    expect(notice.title).toBe('你的反馈有了回复');
    expect(notice.content).toContain('播放页偶尔黑屏');
    expect(notice.content).toContain('已修复，请更新后再试。');
    const exported = await call<AccountExport>(server.app, MEMBER_API.accountExport, { token: m.token, body: {} });
    expect(exported.data.feedback.find((f) => f.id === sent.data.id)).toMatchObject({ status: 'answered', answer: '已修复，请更新后再试。' });
    expect((await md('feedback', 'answer', String(sent.data.id), '--text', '再说一次')).data).toMatchObject({ error: { code: CODES.ALREADY_DONE } });
    expect((await md('feedback', 'list', '--status', 'answered', '--size', '50')).data).toMatchObject({
      list: expect.arrayContaining([expect.objectContaining({ id: sent.data.id })]),
    });
  });

  it('suspends a member: their token answers 1000 and signing in 1011 账号已被停用; a restore brings both back', async () => {
    const m = await signUpMember(server.app, 'suspect');
    const info = () => call<UserInfo>(server.app, API.userInfo, { token: m.token });
    const signIn = () =>
      call<LoginResult>(server.app, API.loginOfficial, { body: { account: m.account, password: 'secret1' }, remoteAddress: m.remoteAddress });
    expect((await info()).envelope.code).toBe(200);

    const suspended = await md<MemberStatus>('member', 'suspend', m.account, '--reason', '批量发布广告');
    expect(suspended.data).toEqual({ id: m.id, account: m.account, suspended: true, changed: true });
    expect((await info()).envelope).toMatchObject({ code: CODES.LOGIN_INVALID });
    expect((await signIn()).envelope).toEqual({ code: CODES.SUSPENDED, tip: '账号已被停用', data: null, hash: false });
    expect((await md('member', 'show', m.account)).data).toMatchObject({ suspended: true, suspendReason: '批量发布广告', operator: false });

    expect((await md<MemberStatus>('member', 'restore', `id:${m.id}`)).data).toMatchObject({ suspended: false, changed: true });
    expect((await info()).envelope.code).toBe(200);
    expect((await signIn()).envelope.code).toBe(200);

    // An operator is not suspended while they hold the role.
    const op = await anOperator();
    expect((await md('member', 'suspend', op.account, '--reason', 'x')).data).toMatchObject({ error: { code: CODES.FORBIDDEN } });
    const log = (await md<Page<AuditEntry>>('audit', 'list', '--action', 'member.suspend')).data.list;
    expect(log.find((e) => e.targetId === String(m.id))).toMatchObject({ details: { reason: '批量发布广告', changed: true } });
  });
});
