import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own PGlite (WASM) or creates its own PostgreSQL database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
