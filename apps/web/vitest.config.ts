import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyContractSchemas } from './scripts/lazy-contract-schemas';

export default defineConfig({
  // As the build does (decision 040): the tests use the contract's schemas as the app does.
  plugins: [react(), lazyContractSchemas()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
