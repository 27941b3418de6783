import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API, type LoginResult } from '../../protocol/api.ts';
import { purgeExpired } from '../../server/jobs/maintenance.ts';
import { MAX_SESSIONS_PER_USER, tokenHash } from '../../server/plugins/auth.ts';
import { BACKENDS, call, devId, suiteServer } from './helpers.ts';

describe.each(BACKENDS)('purging what expired on $name', (backend) => {
  const server = suiteServer({ backend });

  const count = async (query: string) => Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(server.app.ctx.database.db)).rows[0]!.n);

  it('deletes expired sessions and keeps live ones', async () => {
    const guest = async () => (await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: devId() } })).data.token;
    const [dead, alive] = [await guest(), await guest()];
    await server.app.ctx.sessions.expire(tokenHash(dead), new Date(Date.now() - 1000));
    const { sessions } = await purgeExpired(server.app.ctx);
    expect(sessions).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE token_hash = '${tokenHash(dead)}'`)).toBe(0);
    expect((await call(server.app, API.userInfo, { token: alive })).envelope.code).toBe(200);
  });

  it('keeps at most MAX_SESSIONS_PER_USER sessions per user, ending the oldest', async () => {
    const id = devId();
    const first = await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: id } });
    const tokens = [first.data.token];
    for (let i = 0; i < MAX_SESSIONS_PER_USER + 2; i++) {
      tokens.push((await call<LoginResult>(server.app, API.loginGuest, { body: { affCode: '', devID: id, uuid: first.data.uuid } })).data.token);
    }
    expect(await count(`SELECT count(*) AS n FROM sessions WHERE user_id = ${first.data.userInfo.id}`)).toBe(MAX_SESSIONS_PER_USER);
    expect((await call(server.app, API.userInfo, { token: tokens[0] })).envelope.code).toBe(1000);
    expect((await call(server.app, API.userInfo, { token: tokens.at(-1) })).envelope.code).toBe(200);
  });

  it('forgets requestIds after 24 hours and hot-search hits of earlier days', async () => {
    const db = server.app.ctx.database.db;
    await db
      .insertInto('idempotent_requests')
      .values({ owner: 'user:1', request_id: 'old-request-1', route: '/x', body_hash: 'h', created_at: new Date(Date.now() - 25 * 3_600_000) })
      .execute();
    await db.insertInto('idempotent_requests').values({ owner: 'user:1', request_id: 'new-request-1', route: '/x', body_hash: 'h' }).execute();
    await db
      .insertInto('hot_search_hits')
      .values([
        { keyword: '旧', caller: 'a', day: '2020-01-01' },
        { keyword: '新', caller: 'a', day: '2999-01-01' },
      ])
      .execute();
    await purgeExpired(server.app.ctx);
    expect(await count(`SELECT count(*) AS n FROM idempotent_requests WHERE request_id IN ('old-request-1', 'new-request-1')`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM hot_search_hits WHERE keyword IN ('旧', '新')`)).toBe(1);
  });
});
