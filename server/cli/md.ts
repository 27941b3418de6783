/**
 * `npm run md -- <command> [options]`: the operators' tool (framework.ts; the commands in
 * commands/). Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 */
import { COMMANDS } from './commands/index.ts';
import { runCli } from './framework.ts';

// The connection (and through it the server's code) is loaded only by a command that calls the
// server: help and usage errors answer at once.
const code = await runCli(COMMANDS, process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, async (options) =>
  (await import('./connect.ts')).connect(options),
);
// Ends once what was written reached the pipes (a PGlite or HTTP handle must not keep it alive).
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
