import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyContractSchemas } from '../../packages/config/src/lazy-contract-schemas';

/** The console's component tests, one module graph per worker as the shop's (docs/performance.md, the test loop). */
export default defineConfig({
  plugins: [react(), lazyContractSchemas()],
  resolve: { alias: [{ find: /^@console\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }] },
  test: {
    name: 'console',
    environment: 'jsdom',
    setupFiles: ['@gvm/web-lib/test/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    isolate: false,
    // As the shop's: a limit for a test that hangs, not for a busy machine.
    testTimeout: 20_000,
  },
});
