import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

// Several instances behind nginx (tests/scale/): real server processes on PostgreSQL and Redis, so
// the project exists only when both are given, like the server tests' PostgreSQL pass.
const scale: TestProjectConfiguration[] =
  process.env.DATABASE_URL && process.env.REDIS_URL
    ? [
        {
          test: {
            name: 'scale',
            include: ['tests/scale/**/*.test.ts'],
            environment: 'node',
            // One file, its tests in order: they share the instances, and one of them kills one.
            fileParallelism: false,
            testTimeout: 180_000,
            hookTimeout: 240_000,
          },
        },
      ]
    : [];

export default defineConfig({
  test: {
    // Two cores: two test files at a time. Every server test file has its own databases (an in-memory
    // PGlite, a fresh PostgreSQL database), so files never see each other's rows.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup-i18n.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      ...scale,
    ],
  },
});
