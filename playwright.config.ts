import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH, DESKTOP, E2E_CHROMIUM_PATH, PHONE } from './scripts/chromium.ts';
import { SMS_OUTBOX } from './tests/e2e/sms-outbox.ts';

// End-to-end tests run against the production build served by the real server, as `npm start`
// serves it, with the service worker on (375 px and 1280 px) and once with service workers blocked.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;

const launchOptions = { ...CHROMIUM_LAUNCH, executablePath: E2E_CHROMIUM_PATH, args: [...CHROMIUM_LAUNCH.args, '--disable-quic'] };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two browsers at a time on two cores; files share the one server and its database, so every test
  // makes its own member (signUpAndIn) or reads seeded rows that no test changes.
  workers: 2,
  // A failing test runs once more with a trace (trace: 'on-first-retry'); a test that passes only
  // then is flaky, which scripts/test.ts counts as failed, so every test must pass at its first try.
  // Recording a trace for every test (retain-on-failure) cost a third of the suite's time.
  retries: 1,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    launchOptions,
    locale: 'zh-CN',
    // The site's default theme: Playwright emulates a light preference unless told otherwise, which
    // the app follows (src/lib/theme.ts); tests/e2e/theme.spec.ts asks for light itself.
    colorScheme: 'dark',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile-375',
      testIgnore: '**/no-sw.spec.ts',
      // Titles tagged @desktop are about the desktop layout alone (the header's search box, the footer).
      grepInvert: /@desktop/,
      use: { ...PHONE, serviceWorkers: 'allow' },
    },
    {
      name: 'desktop-1280',
      testIgnore: '**/no-sw.spec.ts',
      grepInvert: /@touch/,
      use: { ...DESKTOP, serviceWorkers: 'allow' },
    },
    {
      name: 'no-sw',
      testMatch: ['**/playback.spec.ts', '**/no-sw.spec.ts'],
      use: { ...DESKTOP, serviceWorkers: 'block' },
    },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-test-e2e',
      LOG_LEVEL: 'warn',
      // Captcha texts go to a file the tests read (tests/e2e/sms-outbox.ts).
      SMS_OUTBOX,
      // Every test signs up its own members from one address, far more than a person would.
      MD_SIGNUPS_PER_ADDRESS: '1000',
      // No long demo clips: their background encoding would take a core from the browser for minutes,
      // and change the catalogue's durations in the middle of the run (tests/server/demo-clips.test.ts covers them).
      MD_DEMO_CLIPS: 'first',
    },
  },
});
