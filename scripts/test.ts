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
// Titles of the tests that did not pass, printed above the closing line so that a log's tail names them.
const failures: string[] = [];

type VitestFile = { name: string; status: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] };
type PlaywrightError = { message?: string; location?: { file: string; line: number } };
type PlaywrightResult = { status: string; error?: PlaywrightError; errors?: PlaywrightError[] };
type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string; results?: PlaywrightResult[] }[] }[];
};

/**
 * The start of an error, on one line, without colour codes: a CI log is often read by its tail
 * alone, and a flaky test's name without what went wrong cannot be looked into.
 */
function errorGist(message: string | undefined): string {
  if (!message) return '';
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  // What failed, without the stack or Playwright's call log.
  const end = lines.findIndex((line) => /^\s+at /.test(line) || /^\s*Call log:/i.test(line) || /^\s*>?\s*\d+ \|/.test(line));
  const plain = (end > 0 ? lines.slice(0, end) : lines).join(' ').replace(/\s+/g, ' ').trim();
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

function playwrightFailures(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status !== 'expected')
      .map((t) => {
        // A timeout comes as two errors: the timeout, then the step it stopped at, with its line.
        const result = (t.results ?? []).find((r) => r.errors?.length || r.error?.message);
        const error = (result?.errors?.length ? result.errors : [result?.error ?? {}])
          .map((e) => `${e.location ? `@${e.location.line} ` : ''}${errorGist(e.message)}`)
          .filter((gist) => gist.trim())
          .join(' | ');
        return `e2e ${t.status}: [${t.projectName}] ${spec.file}:${spec.line} ${spec.title}${error ? ` :: ${error}` : ''}`;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap(playwrightFailures)];
}
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
    failed += r.numFailedTests + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    for (const f of r.testResults as VitestFile[]) {
      const name = f.name.replace(`${root}/`, '');
      const notPassed = f.assertionResults.filter((a) => a.status !== 'passed');
      for (const a of notPassed) {
        const error = errorGist(a.failureMessages?.[0]);
        failures.push(`vitest ${a.status}: ${name} > ${a.fullName}${error ? ` :: ${error}` : ''}`);
      }
      // A file that failed outside its tests (it did not load, or a hook threw) counts once.
      if (f.status === 'failed' && !notPassed.some((a) => a.status === 'failed')) {
        failed += 1;
        failures.push(`vitest file failed: ${name}`);
      }
    }
    if (code !== 0 && failed === 0) failed += 1;
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
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const s = report.stats;
      failures.push(...(report.suites as PlaywrightSuite[]).flatMap(playwrightFailures));
      passed += s.expected;
      failed += s.unexpected + s.flaky + s.skipped;
      if (code !== 0 && s.unexpected === 0) failed += 1;
    } else failed += 1;
  }
}

for (const line of failures) console.log(`not passed: ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
