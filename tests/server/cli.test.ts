// The operators' command-line tool as operators run it: a child process (`node --import tsx
// server/cli/md.ts`, what `npm run md --` runs) on a data folder no server holds (it opens the folder
// itself) and on one a listening server holds (it asks that server through the local channel).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_FILE } from '../../protocol/admin-api.ts';
import { API } from '../../protocol/api.ts';
import { CODES } from '../../protocol/envelope.ts';
import { createServer } from '../../server/bootstrap.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import {
  claimForServer,
  localUrlOf,
  newOperatorKey,
  publishServerUrl,
  readOperatorFile,
  removeOperatorFile,
  writeOperatorFile,
} from '../../server/operators/local-channel.ts';
import { BACKENDS, SHARED_MEDIA_DIR, call, signUpMember, type Member } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool with `args`, in an environment of only what the test names (no DATABASE_URL of the suite leaks in). */
function md(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _data, ...base } = process.env;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/md.ts'), ...args], {
      cwd: ROOT,
      env: { ...base, NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('the md tool, called wrongly', () => {
  it('prints help at the top, for a group and for a command, with exit code 0', async () => {
    const top = await md(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: npm run md -- <command> [options]');
    for (const name of ['operator grant <member>', 'moderate reject <kind> <id>', 'comment hide <id>', 'member suspend <member>', 'audit list'])
      expect(top.stdout).toContain(name);
    const command = await md(['moderate', 'reject', '--help']);
    expect(command.code).toBe(0);
    expect(command.stdout).toContain('Usage: npm run md -- moderate reject <kind> <id> --reason <text> [options]');
    expect(command.stdout).toContain('--json');
    const group = await md(['member', '-h']);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain('member restore <member>');
  }, 120_000);

  it('refuses bad arguments with a clear message and exit code 2, before touching any data', async () => {
    const cases: [string[], string][] = [
      [['moderate', 'reject', 'post', 'abc', '--reason', 'x'], '<id> must be a whole number'],
      [['moderate', 'reject', 'essay', '12', '--reason', 'x'], '<kind> must be one of post, work, review'],
      [['member', 'suspend', 'alice'], 'missing --reason <text>'],
      [['comment', 'hide'], 'missing <id>'],
      [['report', 'list', '--colour', 'red'], "Unknown option '--colour'"],
      [['moderat', 'pending'], 'unknown command "moderat pending"'],
      [['audit', 'list', '--size', '500'], '--size must be at most 50'],
    ];
    const runs = await Promise.all(cases.map(([args]) => md([...args, '--data-dir', join(tmpdir(), 'md-no-such-folder')])));
    for (const [i, run] of runs.entries()) {
      expect(run.code, cases[i]![0].join(' ')).toBe(2);
      expect(run.stderr).toContain(cases[i]![1]);
      expect(run.stderr).toContain('--help for usage');
    }
    const json = await md(['moderate', 'approve', 'post', '-1', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { message: expect.stringContaining('--help') } });
  }, 120_000);
});

describe.each(BACKENDS)('the md tool on $name', (backend) => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof backend.create>>;
  let config: ServerConfig;
  let member: Member;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'md-cli-'));
    database = await backend.create();
    env = { DATA_DIR: dataDir, ...(database.url ? { DATABASE_URL: database.url } : {}) };
    config = loadConfig({ ...env, MEDIA_DIR: SHARED_MEDIA_DIR, STATIC_DIR: join(tmpdir(), 'md-test-no-static') });
    // A site that ran once: its database made, one member signed up; then the server stopped.
    const app = await createServer(config);
    member = await signUpMember(app, 'clim');
    await app.close();
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the data folder itself when no server holds it', async () => {
    const status = await md(['status', '--json'], env);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ via: 'in-process', where: dataDir, database: database.url ? 'postgres' : 'pglite', operatorId: null });
    expect(status.stderr).toContain('no server is running');

    const granted = await md(['operator', 'grant', member.account, '--json'], env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout)).toEqual({ userId: member.id, account: member.account, operator: true, changed: true });
    // The folder is free again for the server.
    expect(existsSync(join(dataDir, OPERATOR_FILE))).toBe(false);
  }, 180_000);

  it('asks the running server through its local channel, and its answers take effect there at once', async () => {
    const key = newOperatorKey();
    await claimForServer(dataDir, key);
    const app = await createServer(config, { operatorKey: key });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = localUrlOf('127.0.0.1', typeof address === 'object' && address ? address.port : 0);
      publishServerUrl(dataDir, key, url);

      const unknown = await md(['member', 'show', 'no_such_member', '--json'], env);
      expect(unknown.code).toBe(1);
      expect(JSON.parse(unknown.stdout)).toEqual({ error: { message: 'member/show refused (1006): 用户不存在', code: CODES.NOT_FOUND } });
      expect(unknown.stderr).toContain('用户不存在');

      const status = await md(['status'], env);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toContain(`connected: the running server at ${url}`);
      const list = await md(['operator', 'list'], env);
      expect(list.stdout).toMatch(new RegExp(`^${member.id}\\s+${member.account}\\s`, 'm'));

      const token = (await call(app, API.loginOfficial, { body: { account: member.account, password: 'secret1' }, remoteAddress: member.remoteAddress }))
        .data as { token: string };
      const operator = await md(['member', 'suspend', member.account, '--reason', 'test'], env);
      expect(operator.code).toBe(1);
      expect(operator.stderr).toContain('不能停用运营账号');
      await md(['operator', 'revoke', member.account], env);
      const suspended = await md(['member', 'suspend', member.account, '--reason', '测试停用', '--json'], env);
      expect(JSON.parse(suspended.stdout)).toMatchObject({ suspended: true, changed: true });
      expect((await call(app, API.userInfo, { token: token.token })).envelope.code).toBe(CODES.LOGIN_INVALID);

      const audit = await md(['audit', 'list', '--json'], env);
      expect(JSON.parse(audit.stdout).list[0]).toMatchObject({ action: 'member.suspend', actor: expect.stringMatching(/^cli:/), details: { via: 'cli' } });
    } finally {
      await app.close();
      removeOperatorFile(dataDir, process.pid);
    }
  }, 180_000);
});

describe('a second server on a folder a live server holds', () => {
  it('is refused before it opens the database, and the first keeps its local channel', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-two-servers-'));
    try {
      // The holder: a live process other than this one (the test runner that started this worker).
      const first = { holder: 'server' as const, pid: process.ppid, url: 'http://127.0.0.1:1', key: newOperatorKey(), startedAt: new Date().toISOString() };
      writeOperatorFile(dir, first);
      await expect(claimForServer(dir, newOperatorKey(), 0)).rejects.toThrow(`another server (pid ${process.ppid}) is running on ${dir}`);
      expect(readOperatorFile(dir)).toEqual(first);
      // Once that server is gone, its file is stale and a new server claims the folder.
      writeOperatorFile(dir, { ...first, pid: 2 ** 22 + 12345 });
      await claimForServer(dir, newOperatorKey(), 0);
      expect(readOperatorFile(dir)).toMatchObject({ holder: 'server', pid: process.pid });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
