/**
 * The command-line tool's framework (`npm run md -- <command> [options]`): commands declare their
 * words, arguments and options once; parsing (node:util parseArgs, strict), help (`--help` at the
 * top, on every group and every command), `--json` output, usage errors with exit code 2 and the
 * connection to the operators' API (connect.ts) are done here, so a command is only its work.
 *
 * Adding a command: write a `Command` (see commands/moderation.ts) and add it to commands/index.ts.
 */
import { parseArgs } from 'node:util';
import type { AdminClient } from './connect.ts';
import { progressBar, type Progress, type ProgressStream } from './progress.ts';

export interface ArgSpec {
  name: string;
  description: string;
  optional?: boolean;
  /** Takes every remaining positional (the last argument only). */
  variadic?: boolean;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  description: string;
  short?: string;
  /** Shown in help after the option: --reason <text>. */
  placeholder?: string;
  required?: boolean;
  multiple?: boolean;
}

export type ArgValues = Record<string, string | string[] | undefined>;
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** What a command's `run` gets. */
export interface CommandContext {
  args: ArgValues;
  options: OptionValues;
  /** The operators' API (the running server's local channel, or the app built in this process); connected on first use. */
  admin(): Promise<AdminClient>;
  /** A progress bar on stderr for long work (TTY-aware; plain lines when piped). */
  progress(total: number, label: string): Progress;
  /** A line for the operator on stderr (stdout stays the result, JSON with --json). */
  note(line: string): void;
  json: boolean;
  /** The tool's environment (commands that open a database or folder themselves read DATA_DIR, DATABASE_URL … from it). */
  env: Record<string, string | undefined>;
  /**
   * The exit code once the answer is printed (0 unless the command sets it): a command that did part
   * of its work (an import that skipped a bad file) prints its whole answer and still exits 1.
   */
  exitCode: number;
}

export interface Command<R = unknown> {
  /** The command's words: 'operator grant'. */
  name: string;
  summary: string;
  description?: string;
  args?: ArgSpec[];
  options?: Record<string, OptionSpec>;
  examples?: string[];
  /** Does the work; its answer is printed (as JSON with --json, else by `print`). */
  run(context: CommandContext): Promise<R>;
  /** The answer for people; JSON when absent. */
  print?(result: R, out: (line: string) => void): void;
}

/** A mistake in how the tool was called: the message, a pointer to help, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Anything else that went wrong, told plainly (exit code 1). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const PROGRAM = 'npm run md --';

const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: 'boolean', description: 'print the result as one JSON document on stdout (errors too), for scripts' },
  'data-dir': { type: 'string', placeholder: 'dir', description: "the site's data folder (default: DATA_DIR, else ./data)" },
  help: { type: 'boolean', short: 'h', description: 'show help for the tool, a group or a command' },
};

/** A whole number of at least `min` from an argument or option, or a usage error naming it. */
export function intValue(value: unknown, name: string, min = 1): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > 2147483647) throw new UsageError(`${name} must be a whole number of at least ${min}, got "${String(value)}"`);
  return n;
}

/** One of `choices`, or a usage error listing them. */
export function choiceValue<T extends string>(value: unknown, name: string, choices: readonly T[]): T {
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${name} must be one of ${choices.join(', ')}, got "${String(value)}"`);
}

const usageOf = (command: Command) =>
  [
    PROGRAM,
    command.name,
    ...(command.args ?? []).map((a) => (a.optional ? `[${a.name}${a.variadic ? '...' : ''}]` : `<${a.name}>${a.variadic ? '...' : ''}`)),
    ...Object.entries(command.options ?? {})
      .filter(([, o]) => o.required)
      .map(([name, o]) => `--${name} <${o.placeholder ?? 'value'}>`),
    '[options]',
  ].join(' ');

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, o]) => [
    `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` <${o.placeholder ?? 'value'}>` : ''}`,
    `${o.required ? '(required) ' : ''}${o.description}${o.multiple ? ' (may be repeated)' : ''}`,
  ]);
  return columns(rows);
}

/** Two columns, the first padded to its widest cell. */
export function columns(rows: string[][], indent = '  '): string[] {
  const width = Math.max(0, ...rows.map((r) => r[0]!.length));
  return rows.map((r) => `${indent}${r[0]!.padEnd(width)}  ${r.slice(1).join('  ')}`.trimEnd());
}

export function commandHelp(command: Command): string {
  const lines = [`Usage: ${usageOf(command)}`, '', command.summary];
  if (command.description) lines.push('', command.description);
  if (command.args?.length) lines.push('', 'Arguments:', ...columns(command.args.map((a) => [`<${a.name}>`, a.description])));
  if (command.options && Object.keys(command.options).length) lines.push('', 'Options:', ...optionLines(command.options));
  lines.push('', 'Global options:', ...optionLines(GLOBAL_OPTIONS));
  if (command.examples?.length) lines.push('', 'Examples:', ...command.examples.map((e) => `  ${PROGRAM} ${e}`));
  return lines.join('\n');
}

export function programHelp(commands: Command[], group?: string): string {
  const shown = group ? commands.filter((c) => c.name.startsWith(`${group} `)) : commands;
  const lines = group
    ? [`Usage: ${PROGRAM} ${group} <command> [options]`, '', `Commands of ${group}:`]
    : [
        "md: the operators' tool of MD 视频.",
        '',
        `Usage: ${PROGRAM} <command> [options]`,
        '',
        'It works while the site runs: it asks the running server through its local operator channel',
        '(DATA_DIR/operator.json, from this machine only), and opens the data folder itself only when no',
        'server holds it. Every change is written to the audit log.',
        '',
        'Commands:',
      ];
  lines.push(...columns(shown.map((c) => [`${c.name}${(c.args ?? []).map((a) => ` <${a.name}>`).join('')}`, c.summary])));
  lines.push('', 'Global options:', ...optionLines(GLOBAL_OPTIONS), '', `Run ${PROGRAM} <command> --help for a command's arguments, options and examples.`);
  return lines.join('\n');
}

/** Splits the command's words off the front of argv: the longest run of words that names a command or a group. */
export function findCommand(commands: Command[], argv: string[]): { command?: Command; group?: string; rest: string[]; words: string[] } {
  const words: string[] = [];
  for (const token of argv) {
    if (token.startsWith('-')) break;
    words.push(token);
    if (words.length === 4) break;
  }
  for (let n = words.length; n > 0; n--) {
    const name = words.slice(0, n).join(' ');
    const command = commands.find((c) => c.name === name);
    if (command) return { command, rest: argv.slice(n), words: words.slice(0, n) };
  }
  for (let n = words.length; n > 0; n--) {
    const name = words.slice(0, n).join(' ');
    if (commands.some((c) => c.name.startsWith(`${name} `))) return { group: name, rest: argv.slice(n), words: words.slice(0, n) };
  }
  return { rest: argv, words };
}

/** Parses a command's arguments and options (strict: an unknown option or a missing value is a usage error). */
export function parseCommand(command: Command, argv: string[]): { args: ArgValues; options: OptionValues } {
  const specs = { ...GLOBAL_OPTIONS, ...(command.options ?? {}) };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(
        Object.entries(specs).map(([name, o]) => [name, { type: o.type, ...(o.short && { short: o.short }), ...(o.multiple && { multiple: true }) }]),
      ),
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''), command.name);
  }
  const options = parsed.values as OptionValues;
  if (options.help) return { args: {}, options };
  const specsArgs = command.args ?? [];
  const positionals = [...parsed.positionals];
  const args: ArgValues = {};
  for (const spec of specsArgs) {
    if (spec.variadic) {
      args[spec.name] = positionals.splice(0);
      if (!spec.optional && (args[spec.name] as string[]).length === 0) throw new UsageError(`missing <${spec.name}>`, command.name);
      continue;
    }
    const value = positionals.shift();
    if (value === undefined && !spec.optional) throw new UsageError(`missing <${spec.name}>`, command.name);
    args[spec.name] = value;
  }
  if (positionals.length) throw new UsageError(`unexpected argument${positionals.length > 1 ? 's' : ''}: ${positionals.join(' ')}`, command.name);
  for (const [name, spec] of Object.entries(command.options ?? {})) {
    const value = options[name];
    if (spec.required && (value === undefined || value === '')) throw new UsageError(`missing --${name} <${spec.placeholder ?? 'value'}>`, command.name);
  }
  return { args, options };
}

export interface Io {
  stdout: ProgressStream;
  stderr: ProgressStream;
  env: Record<string, string | undefined>;
}

/** How the tool reaches the operators' API: connect.ts in real runs, a test's app in tests. */
export type Connector = (options: { dataDir?: string; env: Record<string, string | undefined>; note: (line: string) => void }) => Promise<AdminClient>;

/**
 * Runs one invocation: finds and parses the command, connects when the command asks, prints the
 * answer, and answers the exit code (0 done, 1 refused or failed, 2 bad usage).
 */
export async function runCli(commands: Command[], argv: string[], io: Io, connector: Connector): Promise<number> {
  const write = (stream: ProgressStream, text: string) => stream.write(text.endsWith('\n') ? text : `${text}\n`);
  const wantsJson = argv.includes('--json');
  const { command, group, rest, words } = findCommand(commands, argv);
  let client: AdminClient | undefined;
  const fail = (message: string, exit: number, code?: number) => {
    if (wantsJson) write(io.stdout, JSON.stringify({ error: { message, ...(code !== undefined && { code }) } }));
    write(io.stderr, `md: ${message}`);
    return exit;
  };
  try {
    if (!command) {
      const asksHelp = rest.includes('--help') || rest.includes('-h');
      if (group && (asksHelp || rest.length === 0)) {
        write(io.stdout, programHelp(commands, group));
        return asksHelp ? 0 : 2;
      }
      if (words.length === 0 && (asksHelp || rest.length === 0)) {
        write(io.stdout, programHelp(commands));
        return 0;
      }
      if (group) {
        const names = commands.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1));
        throw new UsageError(`"${group}" needs one of its commands: ${names.join(', ')}`);
      }
      const unknown = words.join(' ') || rest[0] || '';
      const near = commands.filter((c) => c.name.startsWith(words[0] ?? '\0') || c.name.split(' ').some((w) => words.includes(w))).map((c) => c.name);
      throw new UsageError(`unknown command "${unknown}"${near.length ? ` (did you mean: ${near.slice(0, 4).join(', ')}?)` : ''}`);
    }
    const { args, options } = parseCommand(command, rest);
    if (options.help) {
      write(io.stdout, commandHelp(command));
      return 0;
    }
    const json = options.json === true;
    const note = (line: string) => write(io.stderr, line);
    const context: CommandContext = {
      args,
      options,
      json,
      note,
      env: io.env,
      progress: (total, label) => progressBar(total, label, io.stderr),
      admin: async () => (client ??= await connector({ dataDir: options['data-dir'] as string | undefined, env: io.env, note })),
      exitCode: 0,
    };
    const result = await command.run(context);
    if (json || !command.print) write(io.stdout, JSON.stringify(result ?? null, null, json ? undefined : 2));
    else command.print(result, (line) => write(io.stdout, line));
    return context.exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      // A usage error found by a command's own run names no command: it is that command's.
      const named = error.command ?? command?.name;
      const help = named ? `${PROGRAM} ${named} --help` : `${PROGRAM} --help`;
      return fail(`${error.message}\nRun ${help} for usage.`, 2);
    }
    if (error instanceof CliError) return fail(error.message, 1, error.code);
    return fail(`unexpected error: ${(error as Error).stack ?? String(error)}`, 1);
  } finally {
    await client?.close();
  }
}
