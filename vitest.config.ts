import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two. The
    // API files wait on PostgreSQL and on the processes they start much of the time, so every
    // core runs a file (docs/performance.md, the test loop). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, availableParallelism())),
    projects: [
      'packages/contract',
      'packages/config',
      'packages/ui',
      'packages/web-lib',
      'apps/api',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'apps/console',
      // The repository's own checks (scripts/*.test.ts), e.g. that the import rules bite.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
    ],
  },
});
