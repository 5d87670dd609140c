import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';

// findBy* and waitFor wait up to 5 s, not Testing Library's 1 s: a page whose code is imported on
// first use (React.lazy) can take longer than that on a busy two-core machine, and a wait only
// lasts that long when the test is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

/**
 * A test fails on any console.error, React's act() warnings among them, as the browser tests do
 * (e2e/tests/fixtures.ts): an error logged and not asserted on is a bug the test did not see.
 * A test that expects one spies on console.error itself and asserts on it. Not a vi mock, so
 * the tests' own `vi.restoreAllMocks()` leaves it in place.
 */
const consoleErrors: string[] = [];
// Files that share a worker's modules (vitest.config.ts) run this file each: the console's own
// error is wrapped once, and each file's wrapper reports to that file's list.
const errorsOf = globalThis as { gvmConsoleError?: typeof console.error };
errorsOf.gvmConsoleError ??= console.error.bind(console);
const logError = errorsOf.gvmConsoleError;
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

afterAll(() => {
  vi.resetModules();
});
