import { test as base, expect } from '@playwright/test';

/**
 * The browser tests' `test`: it fails a test on any console error or uncaught page error, so a
 * broken page never passes quietly (the habit from epic-stack's playwright-utils).
 */
export const test = base.extend<{ failOnConsoleErrors: undefined }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
