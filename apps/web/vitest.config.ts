import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { lazyContractSchemas } from '../../packages/config/src/lazy-contract-schemas';

/**
 * Test files that need a module graph of their own: they mock modules (`vi.mock`), or they test
 * state a module keeps for the page's life (the toaster's readiness, the early answers taken
 * once). They run in the `web-isolated` project (vitest.isolated.config.ts); every other file
 * shares its worker's modules, as the API tests do (docs/performance.md, the test loop).
 */
export const isolatedTestFiles = [
  'src/app/layout/search-box.test.tsx',
  'src/app/scroll-restoration.test.tsx',
  'src/features/auth/components/google-button.test.tsx',
  'src/features/auth/components/session-manager.test.tsx',
  'src/features/auth/pages/verify-email-page.test.tsx',
  'src/features/cart/components/save-local-cart-on-sign-in.test.tsx',
  'src/features/cart/hooks/use-server-cart.test.tsx',
  'src/features/catalog/pages/home-page.test.tsx',
  'src/features/checkout/pages/checkout-credit.test.tsx',
  'src/features/checkout/pages/checkout-page.test.tsx',
  'src/features/checkout/pages/confirmation-page.test.tsx',
  'src/lib/auth/session-store.test.ts',
  'src/lib/early-requests.test.ts',
  'src/lib/toast.test.tsx',
];

export const webTestConfig = defineConfig({
  // As the build does (decision 040): the tests use the contract's schemas as the app does.
  plugins: [react(), lazyContractSchemas()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A whole page rendered in jsdom takes about a second alone, and over 5 s (Vitest's default
    // limit) on two cores that run the API tests and the build beside it: a limit is for a test
    // that hangs, not for a busy machine.
    testTimeout: 20_000,
  },
});

export default defineConfig({
  ...webTestConfig,
  test: {
    ...webTestConfig.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: isolatedTestFiles,
    // One module graph per worker: importing React, the router and the app's modules again for
    // each file was two thirds of these tests' time (docs/performance-history.md, the test loop).
    isolate: false,
  },
});
