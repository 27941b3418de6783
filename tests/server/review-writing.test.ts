import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/api.ts';
import { CONTENT_API, type ReviewAdded, type ReviewDetail, type ReviewItem } from '../../protocol/content-api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { BACKENDS, call, newGuest, signUpMember, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('members writing reviews on $name', (backend) => {
  const server = suiteServer({ backend });
  const add = (token: string, body: Record<string, unknown>) =>
    call<ReviewAdded>(server.app, CONTENT_API.reviewAdd, {
      token,
      body: { videoId: 1003, title: '值得一看', content: '画面很稳，节奏舒服。', score: 8, ...body },
    });
  const list = (body: Record<string, unknown>) => call<Page<ReviewItem>>(server.app, CONTENT_API.reviewList, { body: { page: 1, pageSize: 20, ...body } });
  const detail = (id: number) => call<ReviewDetail>(server.app, CONTENT_API.reviewDetail, { body: { id } });

  it('publishes a review as plain text: newest in the list, on its video, whole in its page', async () => {
    const m = await signUpMember(server.app, 'rv');
    const payload = '<script>alert(1)</script> 拍得真好 <img src=x onerror=alert(2)>';
    const written = await add(m.token, { videoId: 1004, title: ' <b>好片</b> ', content: payload, score: 9 });
    expect(written.envelope.code).toBe(200);
    expect(written.data.status).toBe('published');
    const first = (await list({ sort: 'latest' })).data.list[0]!;
    expect(first).toMatchObject({ id: written.data.id, title: '<b>好片</b>', score: 9, selected: false, author: { id: m.id }, video: { id: 1004 } });
    expect((await list({ videoId: 1004 })).data.list.some((r) => r.id === written.data.id)).toBe(true);
    expect((await detail(written.data.id)).data).toMatchObject({ content: payload, score: 9 });
    expect((await add(m.token, { videoId: 1004 })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '你已经评价过这部视频' });
  });

  it('keeps one review per member and video however many writes race', async () => {
    const m = await signUpMember(server.app, 'rv');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => add(m.token, { videoId: 1005, title: `第${i}次` })));
    expect(answers.filter((a) => a.envelope.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.envelope.tip === '你已经评价过这部视频')).toHaveLength(4);
  });

  it('refuses bad reviews with a clear message and guests altogether', async () => {
    const m = await signUpMember(server.app, 'rv');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '  ' }, CODES.BAD_REQUEST, '请输入影评标题'],
      [{ title: '长'.repeat(41) }, CODES.BAD_REQUEST, '标题不能超过40字'],
      [{ content: '\n' }, CODES.BAD_REQUEST, '请输入影评内容'],
      [{ content: '长'.repeat(2001) }, CODES.BAD_REQUEST, '影评不能超过2000字'],
      [{ videoId: 999999 }, CODES.NOT_FOUND, '视频不存在'],
    ];
    for (const [body, code, tip] of cases) expect((await add(m.token, body)).envelope, tip).toMatchObject({ code, tip });
    for (const body of [{ score: 0 }, { score: 11 }, { score: 7.5 }, { extra: true }]) expect((await add(m.token, body)).envelope.code).toBe(CODES.BAD_REQUEST);
    const guest = await newGuest(server.app);
    expect((await add(guest.token, {})).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('holds a review as pending when the deployment asks: not listed, not readable, not commentable', async () => {
    const m = await signUpMember(server.app, 'rv');
    server.app.ctx.config.holdNewPosts = true;
    try {
      const held = (await add(m.token, { videoId: 1006 })).data;
      expect(held.status).toBe('pending');
      expect((await list({ videoId: 1006 })).data.list.some((r) => r.id === held.id)).toBe(false);
      expect((await detail(held.id)).envelope.code).toBe(CODES.NOT_FOUND);
      const comments = await call(server.app, CONTENT_API.commentList, { body: { contentType: 3, id: held.id, page: 1, pageSize: 5 } });
      expect(comments.envelope.code).toBe(CODES.NOT_FOUND);
    } finally {
      server.app.ctx.config.holdNewPosts = false;
    }
  });
});
