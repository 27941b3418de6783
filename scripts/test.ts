// Runs every suite (unit, server, end-to-end) and prints one closing line `N passed, N failed`.
// The end-to-end suite runs against the production build served by the real server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

let passed = 0;
let failed = 0;
// `npm test` runs everything; `npm test -- vitest [args…]` or `npm test -- e2e [args…]` runs one
// suite, passing the rest on to vitest or Playwright.
const only = process.argv[2];
const files = only ? process.argv.slice(3) : [];

if (!only || only === 'vitest') {
  const file = join(out, 'vitest.json');
  rmSync(file, { force: true });
  const code = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...files]);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.numFailedTestSuites ?? 0) + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (code !== 0 && r.numFailedTests === 0) failed += 1;
  } else failed += 1;
}

if (!only || only === 'e2e') {
  const built = run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (built !== 0) failed += 1;
  else {
    const file = join(out, 'playwright.json');
    rmSync(file, { force: true });
    const code = run('npx', ['playwright', 'test', ...files], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      passed += s.expected;
      failed += s.unexpected + s.flaky + s.skipped;
      if (code !== 0 && s.unexpected === 0) failed += 1;
    } else failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
