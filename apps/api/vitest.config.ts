import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Migrates once; each file then copies the migrated database (decision 004).
    globalSetup: ['test/support/migrated-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
