import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYS } from '../../protocol/keys.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { listMigrations, migrate } from '../../server/db/migrate.ts';
import { seedRepository } from '../../server/db/repositories/seed.ts';
import { POSTS } from '../../server/seed/posts.ts';
import { catalogueData, seedDatabase } from '../../server/seed/seed.ts';
import { BACKENDS } from './helpers.ts';

const realKeys = {
  MD_APP_SECRET: 'prod-secret',
  MD_SIGNING_KEY: 'prod-signing',
  MD_DATA_KEY: 'ab'.repeat(32),
  MD_IMAGE_KEY: 'prod-image',
};

describe('configuration', () => {
  it('refuses production with any default key and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MD_APP_SECRET, MD_SIGNING_KEY, MD_DATA_KEY, MD_IMAGE_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...realKeys, MD_SIGNING_KEY: DEFAULT_KEYS.MD_SIGNING_KEY })).toThrow(/default keys: MD_SIGNING_KEY \(/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...realKeys })).toThrow(/PUBLIC_URL is required in production/);
    const config = loadConfig({ NODE_ENV: 'production', ...realKeys, PUBLIC_URL: 'https://video.example' });
    expect(config.keys.signingKey).toBe('prod-signing');
    expect(config.logLevel).toBe('warn');
  });

  it('reads the connection limits, the time zone and the cache switch, and refuses bad ones', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 1024, caches: true, timeZone: 'Asia/Shanghai' });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '2000', MAX_CONNECTIONS: '50', MD_CACHES: '0', MD_TIME_ZONE: 'Europe/Berlin' })).toMatchObject({
      headersTimeoutMs: 2000,
      maxConnections: 50,
      caches: false,
      timeZone: 'Europe/Berlin',
    });
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ MD_TIME_ZONE: 'Mars/Olympus' })).toThrow(/MD_TIME_ZONE/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('reads defaults and overrides', () => {
    const d = loadConfig({});
    expect(d).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, redisUrl: null, encrypt: true, publicUrl: null });
    expect(d.pgliteDir).toMatch(/data[/\\]pg$/);
    const o = loadConfig({ PORT: '9000', HOST: '0.0.0.0', MD_ENCRYPT: 'false', PUBLIC_URL: 'https://x.example/', DATA_DIR: 'memory://' });
    expect(o).toMatchObject({ port: 9000, host: '0.0.0.0', encrypt: false, publicUrl: 'https://x.example', pgliteDir: 'memory://' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ MD_DATA_KEY: 'short' })).toThrow(/MD_DATA_KEY/);
  });

  it('reads the several-instance settings: media origin, Redis prefix, job lease, demo clips', () => {
    expect(loadConfig({})).toMatchObject({ mediaUrl: null, redisPrefix: 'md:', jobLeaseMs: 60_000, demoClips: 'all' });
    expect(
      loadConfig({ MEDIA_URL: 'https://cdn.example.com/media/', REDIS_PREFIX: 'site-b:', MD_JOB_LEASE_SECONDS: '5', MD_DEMO_CLIPS: 'none' }),
    ).toMatchObject({ mediaUrl: 'https://cdn.example.com/media', redisPrefix: 'site-b:', jobLeaseMs: 5_000, demoClips: 'none' });
    expect(() => loadConfig({ MEDIA_URL: 'cdn.example.com' })).toThrow(/MEDIA_URL/);
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ MD_JOB_LEASE_SECONDS: '0' })).toThrow(/MD_JOB_LEASE_SECONDS/);
    expect(() => loadConfig({ MD_DEMO_CLIPS: 'some' })).toThrow(/MD_DEMO_CLIPS/);
  });
});

describe.each(BACKENDS)('migrations and seed on $name', (backend) => {
  /** Runs `use` on a new database of this backend, closed and dropped after. */
  async function withDatabase(use: (database: Database, url: string | null) => Promise<void>): Promise<void> {
    const db = await backend.create();
    const database = await openDatabase({ databaseUrl: db.url, pgliteDir: 'memory://' });
    try {
      await use(database, db.url);
    } finally {
      await database.close();
      await db.drop();
    }
  }
  const recorded = (database: Database) =>
    database.db
      .selectFrom('schema_migrations' as never)
      .selectAll()
      .execute();
  const count = async (database: Database, table: 'videos' | 'actresses' | 'reviews' | 'posts') =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('applies every migration once, in order, and seeds once', () =>
    withDatabase(async (database) => {
      const names = listMigrations().map((m) => m.name);
      expect(names[0]).toBe('0001_init.sql');
      expect(await migrate(database)).toEqual(names);
      expect(await migrate(database)).toEqual([]);
      expect(await recorded(database)).toHaveLength(names.length);
      expect(await seedDatabase(database)).toBe(true);
      expect(await seedDatabase(database)).toBe(false);
      expect(await count(database, 'videos')).toBeGreaterThanOrEqual(30);
      const categories = await database.db.selectFrom('categories').selectAll().execute();
      expect(categories).toHaveLength(6);
    }));

  it('lets instances starting together migrate and seed one at a time', () =>
    withDatabase(async (first, url) => {
      // Two connections to one PostgreSQL database act as two instances; PGlite has one owner.
      const second = url ? await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' }) : first;
      try {
        const [a, b] = await Promise.all([migrate(first), migrate(second)]);
        expect([...a, ...b].sort()).toEqual(listMigrations().map((m) => m.name));
        expect(await recorded(first)).toHaveLength(listMigrations().length);
      } finally {
        if (second !== first) await second.close();
      }
    }));

  it('adds the browsing content to a database seeded before it existed, once', () =>
    withDatabase(async (database) => {
      await migrate(database);
      // An earlier version seeded only the base catalogue.
      await seedRepository(database.db).insert(catalogueData());
      const counts = (...tables: Parameters<typeof count>[1][]) => Promise.all(tables.map((table) => count(database, table)));
      expect(await counts('videos', 'actresses')).toEqual([36, 0]);
      expect(await seedDatabase(database)).toBe(true);
      expect(await counts('videos', 'actresses', 'reviews')).toEqual([66, 20, 40]);
      expect(await seedDatabase(database)).toBe(false);
      expect(await counts('videos')).toEqual([66]);
      // A database seeded before posts existed gains them on its next start, once.
      await database.db.deleteFrom('posts').execute();
      expect(await seedDatabase(database)).toBe(true);
      expect(await counts('videos', 'reviews', 'posts')).toEqual([66, 40, POSTS.length]);
      expect(await seedDatabase(database)).toBe(false);
    }));

  it('rolls back a failing migration and leaves no record of it', () =>
    withDatabase(async (database) => {
      const broken = [{ version: 1, name: '0001_broken.sql', sql: 'CREATE TABLE half (id int); SELECT * FROM missing_table;' }];
      await expect(migrate(database, broken)).rejects.toThrow();
      expect(await recorded(database)).toHaveLength(0);
      await expect(database.exec('SELECT * FROM half')).rejects.toThrow();
      // The session that failed is usable again, so the real migrations still apply.
      expect(await migrate(database)).toEqual(listMigrations().map((m) => m.name));
    }));
});
