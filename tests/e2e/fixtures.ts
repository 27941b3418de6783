import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Every end-to-end test fails when the page's Content-Security-Policy blocked anything: a screen
 * that needs an inline script, eval or another origin shows up here, not in a user's browser.
 */
export const test = base.extend<{ cspGuard: void }>({
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
