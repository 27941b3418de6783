import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { API, type LoginResult, type UploadResult, type UserInfo } from '../../protocol/api.ts';
import { detectImageType, unmaskImage } from '../../protocol/image-mask.ts';
import { CODES } from '../../protocol/envelope.ts';
import { changeScore } from '../../server/db/repositories/members.ts';
import { MAX_CARD_MISSES_PER_ADDRESS, MAX_TRIES_PER_ACCOUNT_AND_ADDRESS } from '../../server/accounts/sign-in-limits.ts';
import {
  MEMBER_API,
  type AccountCard,
  type AccountCardInfo,
  type CertStatus,
  type OnlineTime,
  type WorksIncome,
  type InviteIncome,
  type Invitee,
  type ScoreEntry,
  type ShareInfo,
} from '../../protocol/member-api.ts';
import { BACKENDS, KEYS, call, devId, multipartBody, newGuest, nextAddress, signUpMember, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('the account screen on $name', (backend) => {
  const server = suiteServer({ backend });
  const newMember = (password?: string) => signUpMember(server.app, 'ac', { password });

  it('changes the nickname and signature, checked and stored as text, and shows them in the user info', async () => {
    const m = await newMember();
    const changed = await call<UserInfo>(server.app, API.userModify, { token: m.token, body: { nickname: '  小明<b>  ', signature: '热爱旅行 & 美食' } });
    expect(changed.data).toMatchObject({ id: m.id, nickname: '小明<b>', signature: '热爱旅行 & 美食' });
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data).toMatchObject({ nickname: '小明<b>', signature: '热爱旅行 & 美食' });
    // Only what is sent changes.
    expect((await call<UserInfo>(server.app, API.userModify, { token: m.token, body: { signature: '' } })).data).toMatchObject({
      nickname: '小明<b>',
      signature: '',
    });

    const bad: [unknown, string][] = [
      [{ nickname: 'a' }, '昵称不少于2个字'],
      [{ nickname: 'x'.repeat(21) }, '昵称不能超过20个字'],
      [{ nickname: 'ab\u200bcd' }, '昵称不能包含控制字符'],
      [{ signature: '字'.repeat(61) }, '签名不能超过60个字'],
    ];
    for (const [body, tip] of bad)
      expect((await call(server.app, API.userModify, { token: m.token, body })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip });
    for (const body of [{}, { requestId: 'only-a-request-id' }, { nickname: 12 }, { nickname: 'okay', extra: true }])
      expect((await call(server.app, API.userModify, { token: m.token, body })).envelope.code).toBe(CODES.BAD_REQUEST);
    // Another member is untouched; guests may not.
    const other = await newMember();
    expect((await call<UserInfo>(server.app, API.userInfo, { token: other.token })).data.nickname).toBe(other.account);
    const guest = await newGuest(server.app);
    expect((await call(server.app, API.userModify, { token: guest.token, body: { nickname: '游客改名' } })).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('changes the password with the old one: other sessions end at once, this one stays, the new password signs in', async () => {
    const m = await newMember();
    const elsewhere = (
      await call<LoginResult>(server.app, API.loginOfficial, { body: { account: m.account, password: 'secret1' }, remoteAddress: m.remoteAddress })
    ).data.token;
    const order: [unknown, string][] = [
      [{ oldPassword: '', newPassword: '', confirmPassword: '' }, '请输入原密码'],
      [{ oldPassword: 'secret1', newPassword: '', confirmPassword: '' }, '请输入新密码'],
      [{ oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret3' }, '两次密码不一致 请重新确认'],
      [{ oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abc' }, '密码不少于6位'],
      [{ oldPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' }, '新密码不能与原密码相同'],
    ];
    for (const [body, tip] of order)
      expect((await call(server.app, API.changePassword, { token: m.token, body })).envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip });
    expect(
      (
        await call(server.app, API.changePassword, {
          token: m.token,
          body: { oldPassword: 'wrong-one', newPassword: 'secret2', confirmPassword: 'secret2' },
          remoteAddress: m.remoteAddress,
        })
      ).envelope,
    ).toMatchObject({ code: CODES.AUTH_FAILED, tip: '原密码错误' });
    expect((await call(server.app, API.userInfo, { token: elsewhere })).envelope.code).toBe(200);

    const done = await call(server.app, API.changePassword, {
      token: m.token,
      body: { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
      remoteAddress: m.remoteAddress,
    });
    expect(done.envelope.code).toBe(200);
    expect((await call(server.app, API.userInfo, { token: elsewhere })).envelope.code).toBe(CODES.LOGIN_INVALID);
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.id).toBe(m.id);
    expect((await call(server.app, API.loginOfficial, { body: { account: m.account, password: 'secret1' }, remoteAddress: '10.8.0.1' })).envelope.code).toBe(
      CODES.AUTH_FAILED,
    );
    expect(
      (await call<LoginResult>(server.app, API.loginOfficial, { body: { account: m.account, password: 'secret2' }, remoteAddress: '10.8.0.2' })).data.userInfo
        .id,
    ).toBe(m.id);
  });

  it('limits wrong old passwords like sign-in tries, per account and address', async () => {
    const m = await newMember();
    const body = { oldPassword: 'wrong-one', newPassword: 'secret2', confirmPassword: 'secret2' };
    for (let i = 0; i < MAX_TRIES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await call(server.app, API.changePassword, { token: m.token, body, remoteAddress: '10.9.9.9' })).envelope.code).toBe(CODES.AUTH_FAILED);
    const right = { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' };
    expect((await call(server.app, API.changePassword, { token: m.token, body: right, remoteAddress: '10.9.9.9' })).envelope.code).toBe(CODES.TOO_MANY);
  });
});

describe.each(BACKENDS)('avatars on $name', (backend) => {
  const server = suiteServer({ backend });
  const member = () => signUpMember(server.app, 'av');
  const square = sharp({ create: { width: 48, height: 48, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer();
  const wide = sharp({ create: { width: 64, height: 36, channels: 3, background: '#84a' } })
    .png()
    .toBuffer();

  async function upload(token: string, bytes: Buffer, purpose = 'avatar'): Promise<string> {
    const { body, contentType } = multipartBody([{ name: 'me.png', type: 'image/png', bytes }]);
    const res = await call<UploadResult>(server.app, `${API.uploadImg}?purpose=${purpose}`, { rawBody: body, contentType, multipart: true, token });
    expect(res.envelope.code).toBe(200);
    return res.data.path;
  }

  const referenced = async (path: string) =>
    (await server.app.ctx.database.db.selectFrom('uploads').select('referenced').where('path', '=', path).executeTakeFirst())?.referenced;

  it("sets the member's own square upload as the avatar, keeps it from the sweeper and hands the one it replaces over", async () => {
    const m = await member();
    const first = await upload(m.token, await square);
    const set = await call<UserInfo>(server.app, API.userAvatar, { token: m.token, body: { path: first } });
    expect(set.envelope.code).toBe(200);
    expect(set.data).toMatchObject({ id: m.id, avatar: first });
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.avatar).toBe(first);
    expect(await referenced(first)).toBe(true);
    // The stored avatar is served masked, in the widths pages ask for.
    const served = await server.app.inject({ method: 'GET', url: `/media/img/${first}?w=160` });
    expect(served.statusCode).toBe(200);
    expect(detectImageType(unmaskImage(served.rawPayload, KEYS.MD_IMAGE_KEY))).toBe('image/webp');

    const second = await upload(m.token, await square);
    expect((await call<UserInfo>(server.app, API.userAvatar, { token: m.token, body: { path: second } })).data.avatar).toBe(second);
    expect(await referenced(second)).toBe(true);
    expect(await referenced(first)).toBe(false);
    // Setting the same one again changes nothing.
    expect((await call<UserInfo>(server.app, API.userAvatar, { token: m.token, body: { path: second } })).data.avatar).toBe(second);
    expect(await referenced(second)).toBe(true);
  });

  it("refuses another member's upload, other purposes, non-square images, bad input and guests", async () => {
    const a = await member();
    const b = await member();
    const ofA = await upload(a.token, await square);
    const refused = await call(server.app, API.userAvatar, { token: b.token, body: { path: ofA } });
    expect(refused.envelope).toMatchObject({ code: CODES.BAD_REQUEST, tip: '头像图片不存在，请重新上传' });
    expect((await call<UserInfo>(server.app, API.userInfo, { token: b.token })).data.avatar).not.toBe(ofA);
    expect(await referenced(ofA)).toBe(false);

    const forAPost = await upload(a.token, await square, 'post');
    expect((await call(server.app, API.userAvatar, { token: a.token, body: { path: forAPost } })).envelope.tip).toBe('头像图片不存在，请重新上传');
    const notSquare = await upload(a.token, await wide);
    expect((await call(server.app, API.userAvatar, { token: a.token, body: { path: notSquare } })).envelope).toMatchObject({
      code: CODES.BAD_REQUEST,
      tip: '头像须为正方形图片',
    });
    for (const body of [{}, { path: '' }, { path: 7 }, { path: 'x'.repeat(201) }, { path: 'uploads/none.webp' }, { path: ofA, extra: 1 }])
      expect((await call(server.app, API.userAvatar, { token: a.token, body })).envelope.code).toBe(CODES.BAD_REQUEST);
    const guest = await newGuest(server.app);
    expect((await call(server.app, API.userAvatar, { token: guest.token, body: { path: ofA } })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await call<UserInfo>(server.app, API.userInfo, { token: a.token })).data.avatar).not.toBe(ofA);
  });

  it('two avatars set at once leave exactly one of them referenced and set', async () => {
    const m = await member();
    const paths = await Promise.all([upload(m.token, await square), upload(m.token, await square), upload(m.token, await square)]);
    const answers = await Promise.all(paths.map((path) => call<UserInfo>(server.app, API.userAvatar, { token: m.token, body: { path } })));
    expect(answers.every((a) => a.envelope.code === 200)).toBe(true);
    const final = (await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.avatar;
    expect(paths).toContain(final);
    const kept = await Promise.all(paths.map(referenced));
    expect(kept.filter(Boolean)).toHaveLength(1);
    expect(kept[paths.indexOf(final)]).toBe(true);
  });
});

describe.each(BACKENDS)('account cards on $name', (backend) => {
  const server = suiteServer({ backend });
  const member = () => signUpMember(server.app, 'card');

  it('a card shows whose account it is and signs that member in on another device; a new card ends the old one', async () => {
    const m = await member();
    const card = await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: m.token, body: {} });
    expect(card.envelope.code).toBe(200);
    expect(card.data.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await server.app.ctx.database.db.selectFrom('users').select('card_hash').where('id', '=', m.id).executeTakeFirst();
    expect(stored?.card_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.card_hash).not.toContain(card.data.code);

    const elsewhere = await newGuest(server.app);
    const info = await call<AccountCardInfo>(server.app, MEMBER_API.userQrcodeInfo, { token: elsewhere.token, body: { code: card.data.code } });
    expect(info.data).toMatchObject({ nickname: m.account, account: `${m.account.slice(0, 2)}***${m.account.slice(-2)}`, issuedAt: card.data.issuedAt });
    const restored = await call<LoginResult>(server.app, MEMBER_API.loginCard, { token: elsewhere.token, body: { code: card.data.code } });
    expect(restored.data.userInfo).toMatchObject({ id: m.id, isUser: true });
    expect((await call<UserInfo>(server.app, API.userInfo, { token: restored.data.token })).data.id).toBe(m.id);
    // The device's guest stays a guest; the member's own session goes on.
    expect((await call<UserInfo>(server.app, API.userInfo, { token: elsewhere.token })).data.isUser).toBe(false);
    expect((await call<UserInfo>(server.app, API.userInfo, { token: m.token })).data.id).toBe(m.id);

    const renewed = await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: m.token, body: {} });
    expect(renewed.data.code).not.toBe(card.data.code);
    for (const path of [MEMBER_API.userQrcodeInfo, MEMBER_API.loginCard])
      expect((await call(server.app, path, { token: elsewhere.token, body: { code: card.data.code } })).envelope).toMatchObject({
        code: CODES.BAD_REQUEST,
        tip: '账号凭证无效或已失效',
      });
    expect((await call<LoginResult>(server.app, MEMBER_API.loginCard, { body: { code: renewed.data.code } })).data.userInfo.id).toBe(m.id);
  });

  it("guests have no card; one member's card never reaches another's account; bad codes are one clear error", async () => {
    const guest = await newGuest(server.app);
    expect((await call(server.app, MEMBER_API.userQrcode, { token: guest.token, body: {} })).envelope.code).toBe(CODES.FORBIDDEN);
    const a = await member();
    const b = await member();
    const ofA = (await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: a.token, body: {} })).data.code;
    const ofB = (await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: b.token, body: {} })).data.code;
    expect((await call<LoginResult>(server.app, MEMBER_API.loginCard, { body: { code: ofA } })).data.userInfo.id).toBe(a.id);
    expect((await call<LoginResult>(server.app, MEMBER_API.loginCard, { body: { code: ofB } })).data.userInfo.id).toBe(b.id);
    for (const code of ['', 'short', ofA.slice(0, -1) + (ofA.endsWith('A') ? 'B' : 'A'), 'x'.repeat(43), '<script>'.repeat(5)])
      expect((await call(server.app, MEMBER_API.loginCard, { body: { code }, remoteAddress: nextAddress() })).envelope).toMatchObject({
        code: CODES.BAD_REQUEST,
        tip: '账号凭证无效或已失效',
      });
    for (const body of [{}, { code: 7 }, { code: 'x'.repeat(101) }, { code: ofA, extra: true }])
      expect((await call(server.app, MEMBER_API.loginCard, { body })).envelope.code).toBe(CODES.BAD_REQUEST);
    expect((await call(server.app, MEMBER_API.userQrcodeInfo, { body: { code: ofA } })).envelope.code).toBe(CODES.LOGIN_INVALID);
  });

  it('limits the misses of one address, even when they race, and a found card does not count', async () => {
    const m = await member();
    const code = (await call<AccountCard>(server.app, MEMBER_API.userQrcode, { token: m.token, body: {} })).data.code;
    const remoteAddress = nextAddress();
    const guesses = await Promise.all(
      Array.from({ length: MAX_CARD_MISSES_PER_ADDRESS + 10 }, () =>
        call(server.app, MEMBER_API.loginCard, { body: { code: randomBytes(32).toString('base64url') }, remoteAddress }),
      ),
    );
    const codes = guesses.map((g) => g.envelope.code);
    expect(codes.filter((c) => c === CODES.BAD_REQUEST)).toHaveLength(MAX_CARD_MISSES_PER_ADDRESS);
    expect(codes.filter((c) => c === CODES.TOO_MANY)).toHaveLength(10);
    // The right code is refused too from there; another address still restores.
    expect((await call(server.app, MEMBER_API.loginCard, { body: { code }, remoteAddress })).envelope.code).toBe(CODES.TOO_MANY);
    const fresh = nextAddress();
    for (let i = 0; i < MAX_CARD_MISSES_PER_ADDRESS + 5; i++)
      expect((await call(server.app, MEMBER_API.userQrcodeInfo, { token: m.token, body: { code }, remoteAddress: fresh })).envelope.code).toBe(200);
  });
});

describe.each(BACKENDS)('invites on $name', (backend) => {
  const server = suiteServer({ backend });
  const affCode = (pc: string) => Buffer.from(JSON.stringify({ dc: '', pc })).toString('base64');
  const signUp = (guestToken?: string) => signUpMember(server.app, 'inv', { guestToken });

  const guestVia = async (code: string) => (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: affCode(code), devID: devId() } })).data;
  const income = async (token: string) => (await call<InviteIncome>(server.app, MEMBER_API.inviteIncome, { token, body: {} })).data;
  const invitees = async (token: string) =>
    (await call<{ list: Invitee[]; total: number }>(server.app, MEMBER_API.inviteList, { token, body: { page: 1, pageSize: 20 } })).data;

  it('a guest who came through the link and signs up credits the inviter once, with points and a history line', async () => {
    const inviter = await signUp();
    const share = await call<ShareInfo>(server.app, MEMBER_API.userShareqr, { token: inviter.token, body: {} });
    expect(share.data).toEqual({ code: `M${inviter.id.toString(36).toUpperCase()}`, points: 50 });
    expect(await income(inviter.token)).toEqual({ count: 0, points: 0 });

    const guest = await guestVia(share.data.code.toLowerCase());
    const friend = await signUp(guest.token);
    expect(friend.id).toBe(guest.userInfo.id);
    expect(await income(inviter.token)).toEqual({ count: 1, points: 50 });
    const list = await invitees(inviter.token);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: friend.id, nickname: friend.account, points: 50 });
    const scores = (await call<{ list: ScoreEntry[] }>(server.app, MEMBER_API.scoreList, { token: inviter.token, body: { page: 1, pageSize: 5 } })).data.list;
    expect(scores[0]).toMatchObject({ delta: 50, reason: 'invite', detail: friend.account, balance: 50 });
    // The friend invited nobody and sees nobody; a second sign-up of the same person is refused and pays nothing.
    expect(await income(friend.token)).toEqual({ count: 0, points: 0 });
    await call(server.app, API.accountCreate, {
      body: { account: 'x' + friend.account, password: 'secret1', confirmPassword: 'secret1' },
      token: guest.token,
      remoteAddress: nextAddress(),
    });
    expect(await income(inviter.token)).toEqual({ count: 1, points: 50 });
  });

  it('racing sign-ups of one invited guest credit the inviter once', async () => {
    const inviter = await signUp();
    const guest = await guestVia(`M${inviter.id.toString(36)}`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server.app, API.accountCreate, {
          body: { account: `race${i}_${randomBytes(3).toString('hex')}`, password: 'secret1', confirmPassword: 'secret1' },
          token: guest.token,
          remoteAddress: nextAddress(),
        }),
      ),
    );
    expect(results.filter((r) => r.envelope.code === 200).length).toBeGreaterThanOrEqual(1);
    expect(await income(inviter.token)).toEqual({ count: 1, points: 50 });
    expect((await invitees(inviter.token)).total).toBe(1);
  });

  it('no credit for unknown, guest or malformed codes, nor without a link; guests have no invite code', async () => {
    const inviter = await signUp();
    const someGuest = await newGuest(server.app);
    for (const code of ['M0', 'MZZZZZZZ', `M${someGuest.userInfo.id.toString(36)}`, 'nonsense', '', `M${inviter.id.toString(36)}x`]) {
      const guest = await guestVia(code);
      await signUp(guest.token);
    }
    const raw = await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: 'not base64 json', devID: devId() } });
    await signUp(raw.data.token);
    await signUp((await newGuest(server.app)).token);
    expect(await income(inviter.token)).toEqual({ count: 0, points: 0 });
    expect((await call(server.app, MEMBER_API.userShareqr, { token: someGuest.token, body: {} })).envelope.code).toBe(CODES.FORBIDDEN);
    expect((await call(server.app, MEMBER_API.inviteList, { token: someGuest.token, body: { page: 1, pageSize: 20 } })).envelope.code).toBe(CODES.FORBIDDEN);
    for (const body of [{}, { page: 0, pageSize: 20 }, { page: 1, pageSize: 1000 }, { page: 1, pageSize: 20, extra: 1 }])
      expect((await call(server.app, MEMBER_API.inviteList, { token: inviter.token, body })).envelope.code).toBe(CODES.BAD_REQUEST);
  });
});

describe.each(BACKENDS)('account status on $name', (backend) => {
  const server = suiteServer({ backend });
  const member = () => signUpMember(server.app, 'st');

  const online = async (token: string, active?: boolean) =>
    (await call<OnlineTime>(server.app, MEMBER_API.onlineTime, { token, body: active === undefined ? {} : { active } })).data;

  it('counts one heartbeat a minute however many race, reads without counting, and keeps members apart', async () => {
    const a = await member();
    const b = await member();
    expect(await online(a.token)).toEqual({ today: 0, total: 0 });
    const raced = await Promise.all(Array.from({ length: 20 }, () => online(a.token, true)));
    expect(raced.every((r) => r.today <= 60)).toBe(true);
    expect(await online(a.token)).toEqual({ today: 60, total: 60 });
    expect(await online(a.token, false)).toEqual({ today: 60, total: 60 });
    // A minute later the next heartbeat counts (the last one is moved back instead of waiting).
    await server.app.ctx.database.db
      .updateTable('users')
      .set({ online_at: new Date(Date.now() - 61_000) })
      .where('id', '=', a.id)
      .execute();
    expect(await online(a.token, true)).toEqual({ today: 120, total: 120 });
    expect(await online(b.token)).toEqual({ today: 0, total: 0 });
    for (const body of [{ active: 'yes' }, { extra: 1 }])
      expect((await call(server.app, MEMBER_API.onlineTime, { token: a.token, body })).envelope.code).toBe(CODES.BAD_REQUEST);
    const guest = await newGuest(server.app);
    expect((await call(server.app, MEMBER_API.onlineTime, { token: guest.token, body: { active: true } })).envelope.code).toBe(CODES.FORBIDDEN);
  });

  it('answers certification and works income from the member\u2019s own rows', async () => {
    const a = await member();
    const b = await member();
    expect((await call<CertStatus>(server.app, MEMBER_API.isCert, { token: a.token, body: {} })).data).toEqual({ certified: false, certifiedAt: null });
    const at = new Date('2026-11-20T08:00:00Z');
    await server.app.ctx.database.db.updateTable('users').set({ certified_at: at }).where('id', '=', a.id).execute();
    expect((await call<CertStatus>(server.app, MEMBER_API.isCert, { token: a.token, body: {} })).data).toEqual({
      certified: true,
      certifiedAt: at.toISOString(),
    });
    expect((await call<CertStatus>(server.app, MEMBER_API.isCert, { token: b.token, body: {} })).data.certified).toBe(false);

    expect((await call<WorksIncome>(server.app, MEMBER_API.workIncome, { token: a.token, body: {} })).data).toEqual({ points: 0, count: 0 });
    await changeScore(server.app.ctx.database.db, a.id, 30, 'income', 'post 1');
    await changeScore(server.app.ctx.database.db, a.id, 20, 'income', 'post 2');
    await changeScore(server.app.ctx.database.db, a.id, 10, 'checkin');
    expect((await call<WorksIncome>(server.app, MEMBER_API.workIncome, { token: a.token, body: {} })).data).toEqual({ points: 50, count: 2 });
    expect((await call<WorksIncome>(server.app, MEMBER_API.workIncome, { token: b.token, body: {} })).data).toEqual({ points: 0, count: 0 });
  });
});
