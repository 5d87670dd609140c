import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { markToasterReady } from '@/lib/toast';

// The tests mount sonner's Toaster themselves (test/render-routes.tsx): toasts need not wait for the app's.
markToasterReady();

/**
 * A test fails on any console.error, React's act() warnings among them, as the browser tests do
 * (e2e/tests/fixtures.ts): an error logged and not asserted on is a bug the test did not see.
 * A test that expects one spies on console.error itself and asserts on it. Not a vi mock, so
 * the tests' own `vi.restoreAllMocks()` leaves it in place.
 */
const consoleErrors: string[] = [];
const logError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleErrors.push(format(...args));
  logError(...args);
};

beforeEach(() => {
  consoleErrors.length = 0;
});

afterEach(() => {
  cleanup();
  // The build scripts' tests run in node (`@vitest-environment node`), without storage.
  globalThis.localStorage?.clear();
  expect(consoleErrors.splice(0), 'console.error during the test').toEqual([]);
});
