import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';

/**
 * The cluster's browser and API tests (`npm run test:cluster`, e2e/cluster/run.mjs): no server of
 * their own, they run against the two web instances behind nginx that the script started, at
 * CLUSTER_PUBLIC_URL. A few of the shop's own tests (a card purchase, the asynchronous card, a
 * gift claimed by its link) and e2e/cluster/cluster.spec.ts, which shows what only a cluster can
 * get wrong. Two workers; no retries: a flaky run here is a finding.
 */
const baseURL = process.env.CLUSTER_PUBLIC_URL ?? 'http://localhost:3650';

export default defineConfig({
  testDir: '.',
  testMatch: ['tests/checkout.spec.ts', 'tests/gift-delivery.spec.ts', 'cluster/cluster.spec.ts'],
  grep: [
    /a guest logs in to pay, pays by card/,
    /a payment confirmed later shows the processing view/,
    /a gift reaches the recipient by e-mail/,
    /@cluster/,
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/cluster',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // As e2e/playwright.config.ts: a failed test keeps its trace, without the costly screencast.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
