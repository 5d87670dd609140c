import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import { e2eDatabaseName } from './database';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
const databaseName = e2eDatabaseName(port);

/**
 * Browser tests drive Debian's Chromium against a freshly started marketplace. The app is
 * built by `npm test` (or `npm run test:e2e`) before this runs. The tests share one server and
 * run two at a time, each test on data of its own (a fresh account per test, the dev mailbox read
 * per recipient), so none depends on another's rows or on the order they run in. E2E_WORKERS
 * overrides the count.
 */
export default defineConfig({
  testDir: './tests',
  // Separate folders let several developers run their own specs at once.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // database.ts drops the run's PostgreSQL database, when it has one (e2e/server.mjs), once the
  // server has stopped.
  reporter: [['list'], ['./database.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Every failed test keeps its trace (each action, the DOM before and after it, the network and
    // the console), locally and in CI. Without the screencast: a trace's screenshots are the costly
    // part, nearly doubling a test's CPU, while its DOM snapshots cost next to nothing
    // (docs/performance-history.md, "The test loop", eighth pass).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), ...(databaseName ? { E2E_DATABASE_NAME: databaseName } : {}) },
  },
});
