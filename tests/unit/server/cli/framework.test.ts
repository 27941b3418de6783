import { describe, expect, it } from 'vitest';
import { findCommand, parseCommand, runCli, UsageError, type Command } from '../../../../server/cli/framework.ts';
import { displayWidth, table } from '../../../../server/cli/table.ts';

const grant: Command = {
  name: 'operator grant',
  summary: 'grant',
  args: [{ name: 'member', description: 'who' }],
  run: async ({ args }) => ({ granted: args.member }),
};
const reject: Command = {
  name: 'moderate reject',
  summary: 'reject',
  args: [
    { name: 'kind', description: 'kind' },
    { name: 'id', description: 'id' },
  ],
  options: { reason: { type: 'string', required: true, description: 'why' } },
  run: async () => null,
};
const commands = [grant, reject];

const sink = () => {
  const chunks: string[] = [];
  return { write: (t: string) => chunks.push(t), text: () => chunks.join('') };
};
const run = async (...argv: string[]) => {
  const stdout = sink();
  const stderr = sink();
  const code = await runCli(commands, argv, { stdout, stderr, env: {} }, async () => {
    throw new Error('no connection in unit tests');
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
};

describe('the md framework', () => {
  it('finds the longest command named by the leading words, or the group', () => {
    expect(findCommand(commands, ['operator', 'grant', 'alice', '--json'])).toMatchObject({ command: grant, rest: ['alice', '--json'] });
    expect(findCommand(commands, ['moderate', '--help'])).toEqual({ group: 'moderate', rest: ['--help'], words: ['moderate'] });
    expect(findCommand(commands, ['nothing'])).toEqual({ rest: ['nothing'], words: ['nothing'] });
  });

  it('parses arguments and options strictly', () => {
    expect(parseCommand(reject, ['post', '12', '--reason', 'spam'])).toMatchObject({ args: { kind: 'post', id: '12' }, options: { reason: 'spam' } });
    expect(() => parseCommand(reject, ['post', '12'])).toThrow(UsageError);
    expect(() => parseCommand(reject, ['post', '12'])).toThrow('missing --reason <value>');
    expect(() => parseCommand(reject, ['post'])).toThrow(/missing <id>/);
    expect(() => parseCommand(reject, ['post', '12', '13', '--reason', 'x'])).toThrow(/unexpected argument: 13/);
    expect(() => parseCommand(reject, ['post', '12', '--reason'])).toThrow(/argument missing/);
  });

  it('answers JSON with --json, help with exit 0, usage errors with exit 2', async () => {
    expect(await run('operator', 'grant', 'alice', '--json')).toEqual({ code: 0, stdout: '{"granted":"alice"}\n', stderr: '' });
    const help = await run('operator', 'grant', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run md -- operator grant <member> [options]');
    const bad = await run('moderate', 'reject', 'post', '--json');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error.message).toMatch(/^missing <id>/);
    expect(bad.stderr).toContain('Run npm run md -- moderate reject --help for usage.');
    expect((await run('moderate')).code).toBe(2);
  });

  it('lines up tables with wide characters counted twice', () => {
    expect(displayWidth('帖子ab')).toBe(6);
    expect(
      table(
        ['KIND', 'TITLE'],
        [
          ['帖子', 'x'],
          ['review', '长标题'],
        ],
      ),
    ).toEqual(['KIND    TITLE', '帖子    x', 'review  长标题']);
  });
});
