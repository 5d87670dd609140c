import { test as base, expect } from '@playwright/test';

/**
 * Chromium logs every 4xx response as "Failed to load resource: ... status of 4xx". Those are
 * answers the app handles (a wrong code is 401, an unknown product 404) and show on the page;
 * a 5xx or a script error is never expected.
 */
export const handledClientError = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * The browser tests' `test`: it fails a test on any console error or uncaught page error, so a
 * broken page never passes quietly (the habit from epic-stack's playwright-utils).
 */
export const test = base.extend<{ failOnConsoleErrors: undefined }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !handledClientError.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
