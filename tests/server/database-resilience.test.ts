import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HOME_ID } from '../../protocol/api.ts';
import { BACKENDS, call, startServer, type TestServer } from './helpers.ts';

const postgres = BACKENDS.find((b) => b.name === 'PostgreSQL');

// Only with DATABASE_URL: PGlite has no connections to lose.
if (postgres)
  describe('PostgreSQL ending idle connections', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({ backend: postgres });
    });
    afterAll(async () => {
      await server.close();
    });

    it('does not take the server down; the next call opens a new connection', async () => {
      const list = () => call<{ list: unknown[] }>(server.app, API.videoList, { body: { categoryId: HOME_ID, page: 1, pageSize: 5 } });
      expect((await list()).envelope.code).toBe(200);
      const name = new URL(server.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await list();
      expect(again.envelope.code).toBe(200);
      expect(again.data.list).toHaveLength(5);
    });
  });
