import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Every end-to-end test fails when the page's Content-Security-Policy blocked anything: a screen
 * that needs an inline script, eval or another origin shows up here, not in a user's browser.
 */
export const test = base.extend<{ cspGuard: void; autoplayNext: boolean | null; autoplayGuard: void }>({
  /**
   * The visitor's 自动连播 choice as the first page of the test finds it; null leaves the app's
   * default (on). Off by default here: the demo clips last seconds, and a test that lingers on a video
   * page would otherwise be carried to the next video in the middle of its steps.
   */
  autoplayNext: [false, { option: true }],
  autoplayGuard: [
    async ({ page, autoplayNext }, use) => {
      if (autoplayNext !== null) {
        await page.addInitScript((on) => {
          if (location.protocol !== 'http:') return;
          const stored = JSON.parse(localStorage.getItem('md-app') ?? '{}') as Record<string, unknown>;
          // Once: a choice the test makes later on the page is kept across its navigations.
          if (!('autoplayNext' in stored)) localStorage.setItem('md-app', JSON.stringify({ ...stored, autoplayNext: on }));
        }, autoplayNext);
      }
      await use();
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
