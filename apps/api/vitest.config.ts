import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Migrates once; each file then copies the migrated database (decision 004).
    globalSetup: ['test/support/migrated-database.ts'],
    // One module graph per worker, not per file: importing the app again for each file cost
    // 165 s of CI's time when it was measured (docs/performance-history.md, "The test loop",
    // second pass), and the cost grows with every file. It is safe because every file builds its
    // own app on its own database (nothing of one file's lives in a module the next one reads),
    // and no API test mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
